package org.lbsim.net;

/**
 * Packet counts for one run, kept by the fabric and the hosts. At the end of a run
 * {@code sent = delivered + dropped} for data and for ACKs, with nothing left in flight.
 */
public final class FabricCounters {
  public long dataSent;
  public long dataDelivered;
  public long dataDropped;
  public long ackSent;
  public long ackDelivered;
  public long ackDropped;
  public long ecnMarked;

  void countDrop(Packet p) {
    if (p.isData()) {
      dataDropped++;
    } else {
      ackDropped++;
    }
  }
}
