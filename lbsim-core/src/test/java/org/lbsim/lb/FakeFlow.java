package org.lbsim.lb;

/** A flow for unit tests of path policies, with a settable RTO. */
final class FakeFlow implements FlowInfo {
  private final int flow;
  private final int src;
  private final int dst;
  private final long gapPs;
  long rtoPs;

  FakeFlow(int flow, int src, int dst, long gapPs, long rtoPs) {
    this.flow = flow;
    this.src = src;
    this.dst = dst;
    this.gapPs = gapPs;
    this.rtoPs = rtoPs;
  }

  @Override
  public int flow() {
    return flow;
  }

  @Override
  public int src() {
    return src;
  }

  @Override
  public int dst() {
    return dst;
  }

  @Override
  public long pacingGapPs() {
    return gapPs;
  }

  @Override
  public long rtoPs() {
    return rtoPs;
  }
}
