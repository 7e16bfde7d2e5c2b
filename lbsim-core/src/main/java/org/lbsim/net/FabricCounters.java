package org.lbsim.net;

/**
 * Packet counts for one run, kept by the fabric and the hosts. At the end of a run
 * {@code sent = delivered + dropped} for data and for ACKs, with nothing left in flight.
 * Trimmed data packets are data packets (delivered as headers, dropped, or returned to their
 * sender: {@code dataSent = dataDelivered + dataDropped + dataReturned}); NACKs, CNPs, pulls,
 * requests to send, congestion controls' own control packets and the NACKs that returned headers
 * become are counted with the ACKs. PFC pause frames are MAC control
 * frames serialized on the reverse link, not packets, and are kept out of both balances.
 */
public final class FabricCounters {
  public long dataSent;
  public long dataDelivered;
  public long dataDropped;
  public long ackSent;
  public long ackDelivered;
  public long ackDropped;
  public long ecnMarked;
  /** Data packets whose payload a port cut off (a subset of data sent). */
  public long dataTrimmed;
  /** NACKs among the ACKs sent. */
  public long nackSent;
  /** DCQCN congestion notification packets among the ACKs sent. */
  public long cnpSent;
  /** EQDS pulls (credit grants) among the ACKs sent; requests to send are counted with the ACKs too. */
  public long pullSent;
  /** Control packets of a congestion control's receiver part ({@link Packet#CONTROL}) among the ACKs sent. */
  public long controlSent;
  /** Those control packets that reached their sender (among the ACKs delivered). */
  public long controlDelivered;
  /** Trimmed headers a switch returned to their sender (each becomes a NACK, counted in ackSent and nackSent). */
  public long dataReturned;
  /** PFC XOFF + XON frames. */
  public long pauseFrames;

  /** The counts of every partition of a run added up. */
  public static FabricCounters sum(java.util.List<FabricCounters> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    FabricCounters t = new FabricCounters();
    for (FabricCounters c : parts) {
      t.dataSent += c.dataSent;
      t.dataDelivered += c.dataDelivered;
      t.dataDropped += c.dataDropped;
      t.ackSent += c.ackSent;
      t.ackDelivered += c.ackDelivered;
      t.ackDropped += c.ackDropped;
      t.ecnMarked += c.ecnMarked;
      t.dataTrimmed += c.dataTrimmed;
      t.nackSent += c.nackSent;
      t.cnpSent += c.cnpSent;
      t.pullSent += c.pullSent;
      t.controlSent += c.controlSent;
      t.controlDelivered += c.controlDelivered;
      t.dataReturned += c.dataReturned;
      t.pauseFrames += c.pauseFrames;
    }
    return t;
  }

  void countDrop(Packet p) {
    if (p.isData()) {
      dataDropped++;
    } else {
      ackDropped++;
    }
  }
}
