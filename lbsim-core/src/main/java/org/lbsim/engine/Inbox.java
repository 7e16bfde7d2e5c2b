package org.lbsim.engine;

/**
 * A target in one partition that another partition's events bring an object to (a cable's far
 * end, which receives packets): {@link PartitionedSimulator.Channel#post(long, Inbox, int, long,
 * Object)} hands it the object at the window's barrier, in the order posted, just before it
 * schedules the event, on the destination's thread.
 */
public interface Inbox extends EventTarget {
  void accept(Object payload);
}
