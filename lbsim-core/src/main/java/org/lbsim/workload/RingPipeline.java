package org.lbsim.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * The ring collectives as NCCL's Simple protocol pipelines them on one channel: position i sends
 * to position i+1. The buffer goes round in loops; in each loop every step moves a chunk of
 * min(steps/2 slots, ceil(rest / n)) bytes per position. Step s leaves position i once step s-1
 * has arrived there (a rank forwards or reduces only what it holds) and once the chunk
 * {@link NcclProtocol#ringChunksInFlight} places earlier on its hop has arrived (a free slot). A
 * loop's first step leaves a position once the previous loop's last step has arrived there (a rank
 * runs its loops one after the other). AllGather and ReduceScatter have n-1 steps per loop,
 * AllReduce 2(n-1).
 */
final class RingPipeline {
  private RingPipeline() {}

  static List<PipelinedSend> build(int steps, int n, long bytes, NcclProtocol proto) {
    List<PipelinedSend> out = new ArrayList<>();
    List<List<Integer>> onHop = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      onHop.add(new ArrayList<>());
    }
    int[] previous = null; // by position: the send of the step before from that position
    long rest = bytes;
    while (rest > 0) {
      long chunk = Math.min(proto.ringChunkBytes(), (rest + n - 1) / n);
      int window = proto.ringChunksInFlight(chunk);
      for (int s = 0; s < steps; s++) {
        int[] current = new int[n];
        for (int i = 0; i < n; i++) {
          int[] data = previous == null ? new int[0] : new int[] {previous[(i - 1 + n) % n]};
          List<Integer> hop = onHop.get(i);
          int k = hop.size();
          int[] after = k >= window ? append(data, hop.get(k - window)) : data;
          current[i] = out.size();
          hop.add(out.size());
          out.add(new PipelinedSend(i, (i + 1) % n, chunk, after, k));
        }
        previous = current;
      }
      rest -= Math.min(rest, chunk * n);
    }
    return out;
  }

  static int[] append(int[] a, int x) {
    int[] out = java.util.Arrays.copyOf(a, a.length + 1);
    out[a.length] = x;
    return out;
  }
}
