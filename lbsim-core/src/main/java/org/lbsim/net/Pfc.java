package org.lbsim.net;

/**
 * PFC on the port that feeds a link into a switch (attached only in a lossless fabric): the
 * switch pauses this port when the bytes it has put into the switch's buffers, not yet forwarded,
 * exceed XOFF, and resumes it when they fall to XON (per-ingress accounting, so up/down routing
 * has no cyclic buffer dependency). The switch's XOFF and XON frames travel on {@code sender},
 * the far switch's port on the same cable back towards this one ({@link PauseFrames}), and take
 * effect here after their serialization and the link latency.
 */
final class Pfc {
  private final long xoffBytes;
  private final long xonBytes;
  private final EgressPort sender;
  private final FabricCounters counters;
  private long downstreamBytes; // bytes this port put into the next switch's buffers, not yet forwarded
  private boolean pauseRequested;
  private boolean paused;
  private long pausedSincePs;
  private long pauseFrames;
  private long pausedPs;

  Pfc(long xoffBytes, long xonBytes, EgressPort sender, FabricCounters counters) {
    this.xoffBytes = xoffBytes;
    this.xonBytes = xonBytes;
    this.sender = sender;
    this.counters = counters;
  }

  /** The next switch now holds {@code bytes} more that came through this port. */
  void charge(int bytes) {
    downstreamBytes += bytes;
    if (!pauseRequested && downstreamBytes > xoffBytes) {
      pauseRequested = true;
      pauseFrames++;
      counters.pauseFrames++;
      sender.queuePauseFrame(true);
    }
  }

  /** The next switch forwarded, dropped or trimmed {@code bytes} that came through this port. */
  void discharge(int bytes) {
    downstreamBytes -= bytes;
    if (pauseRequested && downstreamBytes <= xonBytes) {
      pauseRequested = false;
      pauseFrames++;
      counters.pauseFrames++;
      sender.queuePauseFrame(false);
    }
  }

  /** An XOFF frame took effect. */
  void pause(long now) {
    paused = true;
    pausedSincePs = now;
  }

  /** An XON frame took effect. */
  void resume(long now) {
    paused = false;
    pausedPs += now - pausedSincePs;
  }

  boolean paused() {
    return paused;
  }

  /** XOFF and XON frames the next switch sent for this port. */
  long pauseFrames() {
    return pauseFrames;
  }

  /** Time this port spent paused, up to {@code endPs}. */
  long pausedPs(long endPs) {
    return pausedPs + (paused ? Math.max(0, endPs - pausedSincePs) : 0);
  }
}
