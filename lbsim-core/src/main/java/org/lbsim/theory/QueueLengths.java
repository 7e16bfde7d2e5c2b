package org.lbsim.theory;

/** The number of packets in each switch egress port now, the one being sent included. */
interface QueueLengths {
  int size(int port);
}
