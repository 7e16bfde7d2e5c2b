package org.lbsim.engine;

/**
 * Anything the simulator wakes up: a port finishing a transmission, a link delivering, a pacer,
 * a timer. An event carries only an int kind and a long argument so that scheduling never
 * allocates.
 */
public interface EventTarget {
  void onEvent(int kind, long arg);
}
