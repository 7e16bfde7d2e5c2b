package org.lbsim.scenario;

import java.util.List;
import java.util.Map;
import org.lbsim.scenario.Setting.Type;
import org.lbsim.workload.CollectiveBound;
import org.lbsim.workload.NcclCollective;
import org.lbsim.workload.NcclProtocol;

/**
 * The keys of NCCL's pipeline ({@link NcclProtocol}, {@link NcclCollective}) that the collective
 * workloads and Chakra traces read, with NCCL's defaults; they are left out of results at their
 * defaults.
 */
public final class NcclKeys {
  static final String ALGO = "workload.nccl_algo";
  static final String BUFFSIZE = "workload.nccl_buffsize";
  static final String STEPS = "workload.nccl_steps";
  static final List<String> KEYS = List.of(ALGO, BUFFSIZE, STEPS);

  private NcclKeys() {}

  static List<Setting> settings() {
    return List.of(
        new Setting(ALGO, Type.CHOICE, "ring", NcclCollective.ALGORITHMS,
            "collectives (ring-*, broadcast, reduce; chakra: Broadcast, Reduce and, under job.algorithm ring, the "
                + "others): NCCL_ALGO; ring = AllReduce, "
                + "AllGather, ReduceScatter round the ring, Broadcast and Reduce down (up) the chain from rank 0; "
                + "tree = AllReduce on NCCL's double binary tree, Broadcast and Reduce on a binary tree from rank 0 "
                + "(AllGather and ReduceScatter stay on the ring, as in NCCL)"),
        new Setting(BUFFSIZE, Type.SIZE, "4MiB", List.of(),
            "collectives: NCCL_BUFFSIZE, the buffer of one hop of one channel (Simple protocol), cut into "
                + "workload.nccl_steps slots; Broadcast and Reduce move pieces of one slot, the tree AllReduce "
                + "pieces of nccl_steps/4 slots, a ring step a chunk of up to nccl_steps/2 slots per loop of the "
                + "buffer (docs/workloads.md)"),
        new Setting(STEPS, Type.INT, "8", List.of(),
            "collectives: NCCL_STEPS, the slots of a hop's buffer: a hop carries at most this many one-slot "
                + "pieces (Broadcast, Reduce) at once, 4 tree pieces, and 4 ring chunks of one slice (up to 1/32 of "
                + "nccl_steps/4 slots) or 2 larger ones; a multiple of 4 from 4 to " + NcclProtocol.MAX_STEPS));
  }

  /** Checks the keys' values; problems go to {@code r}. Returns whether they are good. */
  static boolean check(ValueReader r, Map<String, String> v) {
    r.choice(v, ALGO);
    int steps = r.intValue(v, STEPS, 4, NcclProtocol.MAX_STEPS);
    if (steps != Integer.MIN_VALUE && steps % 4 != 0) {
      r.bad(STEPS, v.get(STEPS), "a multiple of 4 from 4 to " + NcclProtocol.MAX_STEPS);
      return false;
    }
    long buff = r.size(v, BUFFSIZE);
    if (buff > 0 && steps > 0 && buff < 32L * steps) {
      r.bad(BUFFSIZE, v.get(BUFFSIZE), "at least 32 B per slot (" + 32L * steps + " B for " + steps + " steps)");
      return false;
    }
    return steps != Integer.MIN_VALUE && buff > 0 && NcclCollective.ALGORITHMS.contains(v.get(ALGO));
  }

  /** The pipeline a scenario's collective runs with. */
  public static NcclProtocol protocol(Scenario s) {
    return protocol(s.identity().values());
  }

  /** The algorithm a scenario's collective runs with. */
  public static NcclCollective.Algorithm algorithm(Scenario s) {
    return algorithm(s.identity().values());
  }

  static NcclProtocol protocol(Map<String, String> v) {
    String b = v.get(BUFFSIZE);
    String st = v.get(STEPS);
    return new NcclProtocol(b == null ? NcclProtocol.DEFAULT_BUFFSIZE : ValueText.parseSize(b),
        st == null ? NcclProtocol.DEFAULT_STEPS : Integer.parseInt(st.trim()));
  }

  static NcclCollective.Algorithm algorithm(Map<String, String> v) {
    return NcclCollective.algorithm(v.getOrDefault(ALGO, "ring").trim());
  }

  /** The collective a {@code workload.kind} runs through {@link NcclCollective}, or null for another kind. */
  static NcclCollective.Op op(String kind) {
    return switch (kind) {
      case "ring-allreduce" -> NcclCollective.Op.ALL_REDUCE;
      case "ring-allgather" -> NcclCollective.Op.ALL_GATHER;
      case "ring-reducescatter" -> NcclCollective.Op.REDUCE_SCATTER;
      case "broadcast" -> NcclCollective.Op.BROADCAST;
      case "reduce" -> NcclCollective.Op.REDUCE;
      default -> null;
    };
  }

  /**
   * The lower bound of a collective workload's CCT ({@link CollectiveBound#ps}, the one
   * {@code bench-collective} prints) when the CCT runs from the first start to the last completion;
   * -1 for other kinds and for a CCT that is the longest flow's time (profile: reference).
   */
  static long boundPs(Scenario s) {
    NcclCollective.Op op = op(s.workload().kind().name());
    CollectiveBound.HostLink link = ScenarioRunner.collectiveHostLink(s);
    if (op == null || !s.profile().cctFromFirstStart() || link == null) {
      return -1;
    }
    return CollectiveBound.ps(op, algorithm(s), protocol(s), link,
        s.topology().hosts(), s.workload().sizeBytes(), 1);
  }
}
