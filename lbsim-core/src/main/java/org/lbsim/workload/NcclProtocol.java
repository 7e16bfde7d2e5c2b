package org.lbsim.workload;

/**
 * NCCL's Simple protocol as the collectives' pipeline: every connection (one hop of one channel)
 * has a buffer of {@code buffSizeBytes} (NCCL_BUFFSIZE) cut into {@code steps} slots
 * (NCCL_STEPS). A piece of a collective holds its slots on its hop from the moment it is sent
 * until it has arrived, so a hop has at most steps / (the piece's slots) pieces on the wire at once.
 *
 * <p>Piece sizes follow NCCL's per-collective step counts: a ring step moves a chunk of up to
 * steps/2 slots per loop (NCCL's {@code *_CHUNKSTEPS}), sent as slices of steps/4 slots
 * ({@code *_SLICESTEPS}) each at least 1/32 of that: a chunk of up to 1/32 of a slice's bytes is one
 * slice and takes steps/4 slots (4 such chunks fit a hop's buffer), a larger one two slices and
 * steps/2 slots (2 fit). The tree AllReduce moves pieces of steps/4 slots, 4 in flight; Broadcast
 * and Reduce move pieces of one slot ({@code BROADCAST_CHUNKSTEPS}, {@code REDUCE_CHUNKSTEPS}),
 * {@code steps} in flight. A ring chunk is one flow: its two slices are not cut apart, since the
 * transport would serve them side by side rather than one after the other.
 */
public record NcclProtocol(long buffSizeBytes, int steps) {
  /** NCCL_BUFFSIZE's default for the Simple protocol: 4 MiB per connection. */
  public static final long DEFAULT_BUFFSIZE = 4L << 20;
  /** NCCL_STEPS: 8 slots per connection buffer. */
  public static final int DEFAULT_STEPS = 8;
  public static final NcclProtocol DEFAULT = new NcclProtocol(DEFAULT_BUFFSIZE, DEFAULT_STEPS);
  /** Largest accepted step count. */
  public static final int MAX_STEPS = 1024;

  public NcclProtocol {
    if (steps < 4 || steps > MAX_STEPS || steps % 4 != 0) {
      throw new IllegalArgumentException("NCCL steps must be a multiple of 4 from 4 to " + MAX_STEPS + ", got " + steps);
    }
    if (buffSizeBytes < steps) {
      throw new IllegalArgumentException("NCCL buffer of " + buffSizeBytes + " B is too small for " + steps
          + " steps (at least 1 B per step)");
    }
  }

  /** One slot: buffer / steps (512 KiB by default). */
  public long slotBytes() {
    return buffSizeBytes / steps;
  }

  /** The most a ring step moves per loop: steps/2 slots (2 MiB by default). */
  public long ringChunkBytes() {
    return slotBytes() * (steps / 2);
  }

  /** Ring chunks of {@code chunk} bytes on one hop at once: 4 of one slice, 2 of two. */
  public int ringChunksInFlight(long chunk) {
    return chunk <= treePieceBytes() / 32 ? 4 : 2;
  }

  /** A tree AllReduce piece: steps/4 slots (1 MiB by default). */
  public long treePieceBytes() {
    return slotBytes() * (steps / 4);
  }

  /** Tree pieces on one edge at once: a piece takes a quarter of the slots. */
  public int treePiecesInFlight() {
    return 4;
  }

  /** Broadcast and Reduce pieces on one hop at once: one slot each. */
  public int rootedPiecesInFlight() {
    return steps;
  }
}
