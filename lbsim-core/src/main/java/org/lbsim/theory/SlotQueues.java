package org.lbsim.theory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one run of the slotted model measured.
 *
 * @param slots slots until the last packet is delivered; maxQueue the largest queue of any switch port (packets);
 *     maxByTier / meanMaxByTier per tier label: the largest, and the mean over the tier's ports of each port's largest
 */
public record SlotQueues(long slots, int maxQueue, Map<String, Integer> maxByTier, Map<String, Double> meanMaxByTier) {
  /** The maps are copied, unmodifiable and in tier order as given. */
  public SlotQueues {
    maxByTier = Collections.unmodifiableMap(new LinkedHashMap<>(maxByTier));
    meanMaxByTier = Collections.unmodifiableMap(new LinkedHashMap<>(meanMaxByTier));
  }
}
