package org.lbsim.theory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntUnaryOperator;

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

  /** The measures of a run of {@code slots} slots whose port p's largest queue was {@code largest(p)}. */
  static SlotQueues of(SlotFabric fabric, long slots, IntUnaryOperator largest) {
    Map<String, Integer> max = new LinkedHashMap<>();
    Map<String, Double> meanMax = new LinkedHashMap<>();
    int overall = 0;
    for (int tier = 0; tier < SlotFabric.TIERS.length; tier++) {
      int m = 0;
      long sum = 0;
      for (int i = 0; i < fabric.tierPorts; i++) {
        int q = largest.applyAsInt(tier * fabric.tierPorts + i);
        m = Math.max(m, q);
        sum += q;
      }
      max.put(SlotFabric.TIERS[tier], m);
      meanMax.put(SlotFabric.TIERS[tier], (double) sum / fabric.tierPorts);
      overall = Math.max(overall, m);
    }
    return new SlotQueues(slots, overall, max, meanMax);
  }
}
