package org.lbsim.net;

import org.lbsim.engine.Simulator;

/**
 * The fields of an {@link EgressPort} that a hop reads or writes (admission, departures computed
 * on arrival, the cable's FIFO, the statistics every packet updates), declared in a superclass
 * because the JVM lays out a superclass's fields first: with the object header they take the
 * port's first three cache lines, ahead of the PFC, trimming and failure fields that the common
 * fabric never touches. Each hop visits two
 * ports (the one delivering and the one admitting). Only {@link EgressPort} extends it; the fields
 * are documented there and here.
 */
abstract class PortHotFields {
  final Simulator sim;
  // the config's buffer and marking threshold, copied: a hop then reads no PortConfig object
  final long capacityBytes;
  final long ecnThresholdBytes;
  final long latencyPs;
  long psPerByte; // > 0 when the rate divides 8e12 exactly
  long gapPs;

  // The cable this port feeds: its packets in propagation, in order, each knowing its arrival
  // time; the port delivers its head packet to the far end (one pending event per busy cable).
  // The FIFO is a list through the packets themselves (Packet.nextOnWire), not an array: every
  // step along it reads a packet the hop reads anyway, where a ring would cost a line of the
  // array at the head, the tail and the next start (docs/performance.md, "Memory-layout rules").
  Node to;
  Switch toSwitch; // `to` when it is a switch: a direct call instead of an interface dispatch per packet
  Packet wireHead; // the oldest packet on the cable (null: none)
  Packet wireTail; // the newest
  int wireCount;

  // Departures computed on arrival (see EgressPort): a packet goes on the wire when admitted, so
  // the packets still waiting are the wire's newest `unstarted` ones, from firstUnstarted on, each
  // carrying its start time; the port keeps no second FIFO for them.
  boolean onArrival;
  int unstarted;
  Packet firstUnstarted; // the oldest packet not yet started (null: none)
  long unstartedBytes;
  long tailFreePs; // when the transmitter frees after every packet admitted so far
  long freeAtPs; // when the transmitter may start the next packet (after the gap)
  long servingBytes;
  long servingEndPs;
  PacketRing headers; // trimming: trimmed headers, served first (null: no trimming)
  int intPortId = -1; // >= 0: stamp INT records under this port number
  RedMarking red; // null: the single threshold of the config (if any)

  // statistics every packet updates
  long lastChangePs;
  long byteTimeArea; // integral of queued bytes over time, in byte*ps
  long maxQueueBytes;
  long packetsSent;
  long bytesSent;

  PortHotFields(Simulator sim, long capacityBytes, long ecnThresholdBytes, long latencyPs) {
    this.sim = sim;
    this.capacityBytes = capacityBytes;
    this.ecnThresholdBytes = ecnThresholdBytes;
    this.latencyPs = latencyPs;
  }
}
