package org.lbsim.training;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.lbsim.workload.CollectiveBound;
import org.lbsim.workload.FlowSpec;
import org.lbsim.workload.LocalStep;

/**
 * A training job's communication and compute as a dependency graph, built node by node, then
 * handed to the transport as fabric flows plus {@link LocalStep}s.
 *
 * <p>GPUs are cluster-wide ids {@code server * gpusPerServer + local}. A transfer between GPUs of
 * one server is an NVLink copy: a local step of bytes / NVLink bandwidth, never on the fabric.
 * Between servers it is a fabric flow from the sender's NIC to the receiver's. On a rail-optimized
 * fabric, when the two GPUs sit on different rails, the data first crosses NVLink to the
 * sender-side GPU on the receiver's rail and leaves through that GPU's NIC (NCCL's PXN), so
 * inter-server traffic stays on one rail; on a fat tree or leaf-spine every GPU uses its own NIC.
 */
public final class CommGraph {
  private final Cluster cluster;
  private final long nvlinkBps;
  private final CollectiveBound.HostLink hostLink;
  private final List<Node> nodes = new ArrayList<>();
  private final List<Collective> collectives = new ArrayList<>();
  private int fabricCount;
  private int groups;

  private record Node(int src, int dst, long bytes, long durationPs, long gapPs, int[] preds, int group) {
    boolean fabric() {
      return src >= 0;
    }
  }

  /**
   * One NCCL-decomposed collective of the graph ({@link NcclGraph}).
   *
   * @param op its name, e.g. {@code all-reduce}
   * @param bytes its whole buffer, before the split over channels
   * @param entries per member, the node its pieces wait for
   * @param dones per member, the node that ends when it has sent and received all its pieces
   * @param firstFlow its first fabric flow, counted among the graph's flows; its flows follow it
   * @param boundPs a lower bound on its time ({@link CollectiveBound}), -1 when the graph has no host link
   */
  public record Collective(String op, String algorithm, int ranks, long bytes, int channels, int[] entries,
      int[] dones, int firstFlow, int flowCount, long boundPs) {}

  public CommGraph(Cluster cluster, long nvlinkBitsPerSecond) {
    this(cluster, nvlinkBitsPerSecond, null);
  }

  /** @param hostLink the host link the collectives' bounds see; null: no bounds */
  public CommGraph(Cluster cluster, long nvlinkBitsPerSecond, CollectiveBound.HostLink hostLink) {
    if (nvlinkBitsPerSecond <= 0) {
      throw new IllegalArgumentException("NVLink bandwidth must be positive, got " + nvlinkBitsPerSecond + " bit/s");
    }
    this.cluster = cluster;
    this.nvlinkBps = nvlinkBitsPerSecond;
    this.hostLink = hostLink;
  }

  /** A fresh id for a set of flows that run side by side (one step of one collective). */
  public int newGroup() {
    return groups++;
  }

  /** How a transfer between two GPUs goes: over NVLink alone, over the fabric, or NVLink then the fabric (PXN). */
  enum Hop { NVLINK, FABRIC, PXN }

  /** The way {@link #send} takes from GPU {@code src} to GPU {@code dst}. */
  Hop hop(int src, int dst) {
    int gps = cluster.gpusPerServer();
    if (src / gps == dst / gps) {
      return Hop.NVLINK;
    }
    return cluster.railOptimized() && src % gps != dst % gps ? Hop.PXN : Hop.FABRIC;
  }

  /**
   * A lower bound on a transfer's time from its start to its arrival, as {@link #send} makes it: an
   * NVLink copy takes exactly its time, a fabric flow at least {@link CollectiveBound#pieceOnTheFabricPs}.
   * Only for a graph with a host link.
   */
  long transferBoundPs(int src, int dst, long bytes) {
    return switch (hop(src, dst)) {
      case NVLINK -> nvlinkPs(bytes);
      case FABRIC -> CollectiveBound.pieceOnTheFabricPs(hostLink, bytes);
      case PXN -> nvlinkPs(bytes) + CollectiveBound.pieceOnTheFabricPs(hostLink, bytes);
    };
  }

  /** The host link the collectives' bounds see, or null. */
  CollectiveBound.HostLink hostLink() {
    return hostLink;
  }

  /** Fabric flows so far: the index the next one gets. */
  int fabricCount() {
    return fabricCount;
  }

  void addCollective(Collective c) {
    collectives.add(c);
  }

  /** The NCCL-decomposed collectives, in the order they were built. */
  public List<Collective> collectives() {
    return Collections.unmodifiableList(collectives);
  }

  /**
   * {@code bytes} from GPU {@code src} to GPU {@code dst}, {@code gapPs} after all of {@code preds}
   * (node ids; negative entries are ignored) have finished. Returns the node whose end means
   * "received".
   */
  public int send(int src, int dst, long bytes, int[] preds, long gapPs, int group) {
    int gps = cluster.gpusPerServer();
    Hop hop = hop(src, dst);
    if (hop == Hop.NVLINK) {
      return local(nvlinkPs(bytes), gapPs, preds);
    }
    int[] p = preds;
    long gap = gapPs;
    int nicGpu = src % gps;
    if (hop == Hop.PXN) {
      nicGpu = dst % gps;
      p = new int[] {local(nvlinkPs(bytes), gapPs, preds)};
      gap = 0;
    }
    int srcHost = cluster.host(src / gps, nicGpu);
    int dstHost = cluster.host(dst / gps, dst % gps);
    nodes.add(new Node(srcHost, dstHost, bytes, 0, gap, clean(p), group));
    fabricCount++;
    return nodes.size() - 1;
  }

  /** A fabric-free step of {@code durationPs}, {@code gapPs} after its predecessors. */
  public int local(long durationPs, long gapPs, int... preds) {
    nodes.add(new Node(-1, -1, 0, durationPs, gapPs, clean(preds), -1));
    return nodes.size() - 1;
  }

  /** A zero-length step that ends when all of {@code preds} have: a join. */
  public int join(int... preds) {
    return local(0, 0, preds);
  }

  /** NVLink copy time, rounded up to the picosecond (bits x 10^12 overflows a long past 1 MB). */
  public long nvlinkPs(long bytes) {
    return java.math.BigInteger.valueOf(bytes).multiply(java.math.BigInteger.valueOf(8_000_000_000_000L))
        .add(java.math.BigInteger.valueOf(nvlinkBps - 1)).divide(java.math.BigInteger.valueOf(nvlinkBps)).longValueExact();
  }

  public Cluster cluster() {
    return cluster;
  }

  public int size() {
    return nodes.size();
  }

  private static int[] clean(int[] preds) {
    if (preds == null) {
      return new int[0];
    }
    int k = 0;
    for (int p : preds) {
      if (p >= 0) {
        k++;
      }
    }
    int[] out = new int[k];
    k = 0;
    for (int p : preds) {
      if (p >= 0) {
        out[k++] = p;
      }
    }
    return out;
  }

  /** The graph in transport form, flows numbered from 0 and local steps right after them. */
  public Compiled compile() {
    return compile(0, fabricCount);
  }

  /**
   * The graph in transport form. Flows get ids 0..n-1 and local steps n..n+m-1, each in creation
   * order; {@link Compiled#idOf(int)} maps a node to its id.
   *
   * @param firstFlowId id of this graph's first flow when several graphs share a run
   * @param firstLocalId id of its first local step
   */
  public Compiled compile(int firstFlowId, int firstLocalId) {
    int[] id = new int[nodes.size()];
    int nf = firstFlowId;
    int nl = firstLocalId;
    for (int i = 0; i < nodes.size(); i++) {
      id[i] = nodes.get(i).fabric() ? nf++ : nl++;
    }
    List<FlowSpec> flows = new ArrayList<>(fabricCount);
    List<LocalStep> steps = new ArrayList<>(nodes.size() - fabricCount);
    for (int i = 0; i < nodes.size(); i++) {
      Node n = nodes.get(i);
      int[] deps = new int[n.preds().length];
      for (int j = 0; j < deps.length; j++) {
        deps[j] = id[n.preds()[j]];
      }
      if (n.fabric()) {
        flows.add(new FlowSpec(id[i], n.src(), n.dst(), n.bytes(), n.gapPs(), deps, n.group()));
      } else {
        steps.add(new LocalStep(id[i], n.gapPs() + n.durationPs(), deps));
      }
    }
    return new Compiled(Collections.unmodifiableList(flows), Collections.unmodifiableList(steps), id);
  }

  /** A compiled graph: its flows, local steps, and the id of every node. */
  public record Compiled(List<FlowSpec> flows, List<LocalStep> steps, int[] ids) {
    public int idOf(int node) {
      return ids[node];
    }
  }
}
