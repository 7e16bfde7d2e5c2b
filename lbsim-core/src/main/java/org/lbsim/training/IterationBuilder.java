package org.lbsim.training;

import org.lbsim.training.Algorithms.Op;

/**
 * One job's iteration as graph nodes: collectives, point-to-point sends and compute.
 *
 * <p>Schedule (GPipe, micro-batches in order), per rank:
 * <ul>
 *   <li>forward, layer by layer: FSDP AllGathers the layer's weights over the data-parallel group
 *       (issued when the previous layer's forward may start, i.e. one layer of prefetch); the
 *       layer's forward compute waits for its weights and its input (the previous layer, or the
 *       activations received from the previous pipeline stage); tensor parallelism adds two
 *       AllReduces of the activations (after attention and after the MLP); expert parallelism an
 *       all-to-all dispatch and combine of the routed tokens; the stage's last layer sends its
 *       activations to the next stage;
 *   <li>backward, layers in reverse: FSDP gathers the weights again; compute costs twice the
 *       forward; the same TP and EP collectives; then FSDP ReduceScatters the layer's gradients
 *       (in layer order on one stream), or DDP AllReduces gradient buckets as they fill; the
 *       stage's first layer sends the activation gradients back.
 * </ul>
 * The iteration ends when every rank's last compute and last gradient collective have finished.
 */
final class IterationBuilder {
  private final CommGraph g;
  private final JobSpec job;
  private final int[] gpu; // rank -> cluster GPU
  private final int[] cursor; // rank -> the node its next compute waits for
  private long computePs;

  IterationBuilder(CommGraph g, JobSpec job, int[] servers) {
    this.g = g;
    this.job = job;
    int gps = job.gpusPerServer();
    int clusterGps = g.cluster().gpusPerServer();
    if (gps != clusterGps) {
      throw new IllegalArgumentException("job.gpus_per_server (" + gps + ") must equal the fabric's GPUs per server ("
          + clusterGps + ")");
    }
    gpu = new int[job.gpus()];
    for (int r = 0; r < gpu.length; r++) {
      gpu[r] = servers[r / gps] * gps + r % gps;
    }
    cursor = new int[job.gpus()];
    java.util.Arrays.fill(cursor, -1);
  }

  /** Compute time of one GPU of the busiest pipeline stage over the iteration. */
  long computePs() {
    return computePs;
  }

  /** Builds the job; returns the node that ends when the iteration does. */
  int build() {
    if (job.scope().equals("backward-layer")) {
      return backwardLayer();
    }
    int tp = job.tp();
    int dp = job.dp();
    int pp = job.pp();
    int mbs = job.microBatches();
    long fwd = job.forwardComputePs();
    int maxLayers = 0;
    for (int s = 0; s < pp; s++) {
      maxLayers = Math.max(maxLayers, job.layersOfStage(s));
    }
    computePs = 3L * fwd * maxLayers * mbs;
    long layerBytes = job.layerBytesPerTpShard();
    int[][] stageRecv = new int[job.gpus()][mbs]; // activations (forward) or gradients (backward) received
    for (int[] row : stageRecv) {
      java.util.Arrays.fill(row, -1);
    }
    // ---- forward ----
    for (int s = 0; s < pp; s++) {
      int layers = job.layersOfStage(s);
      int[] agDone = fill(-1);
      int[] prevLayerStart = fill(-1);
      for (int l = 0; l < layers; l++) {
        int[] weights = fsdpGather(s, layerBytes, agDone, prevLayerStart);
        agDone = weights;
        for (int b = 0; b < mbs; b++) {
          for (int t = 0; t < tp; t++) {
            for (int d = 0; d < dp; d++) {
              int r = rank(t, d, s);
              int input = l == 0 ? stageRecv[r][b] : -1;
              if (b == 0) {
                prevLayerStart[r] = g.join(cursor[r], weights[r], input);
                cursor[r] = g.local(fwd, 0, prevLayerStart[r]);
              } else {
                cursor[r] = g.local(fwd, 0, cursor[r], weights[r], input);
              }
            }
          }
          layerCollectives(s);
          if (l == layers - 1 && s + 1 < pp) {
            pipelineSend(s, s + 1, b, stageRecv);
          }
        }
      }
    }
    // ---- backward ----
    int[][] freshRecv = new int[job.gpus()][mbs];
    for (int[] row : freshRecv) {
      java.util.Arrays.fill(row, -1);
    }
    int[] gradDone = fill(-1);
    for (int s = pp - 1; s >= 0; s--) {
      int layers = job.layersOfStage(s);
      int[] agDone = fill(-1);
      int[] prevLayerStart = fill(-1);
      long bucket = 0;
      for (int l = layers - 1; l >= 0; l--) {
        int[] weights = job.fsdp() ? fsdpGather(s, layerBytes, agDone, prevLayerStart) : fill(-1);
        agDone = weights;
        for (int b = 0; b < mbs; b++) {
          for (int t = 0; t < tp; t++) {
            for (int d = 0; d < dp; d++) {
              int r = rank(t, d, s);
              int grad = l == layers - 1 ? freshRecv[r][b] : -1;
              if (b == 0) {
                prevLayerStart[r] = g.join(cursor[r], weights[r], grad);
                cursor[r] = g.local(2 * fwd, 0, prevLayerStart[r]);
              } else {
                cursor[r] = g.local(2 * fwd, 0, cursor[r], weights[r], grad);
              }
            }
          }
          layerCollectives(s);
          if (l == 0 && s > 0) {
            pipelineSend(s, s - 1, b, freshRecv);
          }
        }
        if (job.fsdp()) {
          gradDone = gradientCollective(s, Op.REDUCE_SCATTER, layerBytes, gradDone);
        } else {
          bucket += layerBytes;
          if (bucket >= job.bucketBytes() || l == 0) {
            gradDone = gradientCollective(s, Op.ALL_REDUCE, bucket, gradDone);
            bucket = 0;
          }
        }
      }
    }
    int[] ends = new int[job.gpus()];
    for (int r = 0; r < ends.length; r++) {
      ends[r] = g.join(cursor[r], gradDone[r]);
    }
    return g.join(ends);
  }

  /**
   * The study's Fig. 14 traffic: one layer's gradient ReduceScatter and weight AllGather over the
   * data-parallel group, launched together at time 0. With the direct algorithm the two shares a
   * rank sends a peer travel as one flow of 2 x layer / n bytes.
   */
  private int backwardLayer() {
    long bytes = job.layerBytesPerTpShard();
    int[] all = new int[job.gpus()];
    for (int t = 0; t < job.tp(); t++) {
      for (int s = 0; s < job.pp(); s++) {
        int[] ranks = dpGroup(t, s);
        int[] entry = new int[ranks.length];
        java.util.Arrays.fill(entry, -1);
        int[] gpus = gpus(ranks);
        int[] done;
        if (job.algorithm().equals("direct")) {
          long share = Algorithms.ceilDiv(bytes, ranks.length);
          done = Algorithms.allToAll(g, gpus, Algorithms.ceilDiv(2 * share, job.channels()), job.channels(), entry, 0);
        } else {
          int[] rs = Algorithms.run(g, job.algorithm(), Op.REDUCE_SCATTER, gpus, bytes, job.channels(), entry, 0);
          int[] ag = Algorithms.run(g, job.algorithm(), Op.ALL_GATHER, gpus, bytes, job.channels(), entry, 0);
          done = new int[ranks.length];
          for (int i = 0; i < done.length; i++) {
            done[i] = g.join(rs[i], ag[i]);
          }
        }
        for (int i = 0; i < ranks.length; i++) {
          all[ranks[i]] = done[i];
        }
      }
    }
    return g.join(all);
  }

  /** FSDP AllGather of one layer on stage s, after the previous gather and the previous layer's start. */
  private int[] fsdpGather(int s, long layerBytes, int[] agDone, int[] prevLayerStart) {
    int[] out = fill(-1);
    if (!job.fsdp()) {
      return out;
    }
    for (int t = 0; t < job.tp(); t++) {
      int[] ranks = dpGroup(t, s);
      int[] entry = new int[ranks.length];
      for (int i = 0; i < ranks.length; i++) {
        entry[i] = g.join(agDone[ranks[i]], prevLayerStart[ranks[i]]);
      }
      int[] done = Algorithms.run(g, job.algorithm(), Op.ALL_GATHER, gpus(ranks), layerBytes, job.channels(), entry, 0);
      for (int i = 0; i < ranks.length; i++) {
        out[ranks[i]] = done[i];
      }
    }
    return out;
  }

  /** Gradient ReduceScatter (FSDP) or bucket AllReduce (DDP) after the compute and the previous one. */
  private int[] gradientCollective(int s, Op op, long bytes, int[] prev) {
    int[] out = prev.clone();
    for (int t = 0; t < job.tp(); t++) {
      int[] ranks = dpGroup(t, s);
      int[] entry = new int[ranks.length];
      for (int i = 0; i < ranks.length; i++) {
        entry[i] = g.join(cursor[ranks[i]], prev[ranks[i]]);
      }
      int[] done = Algorithms.run(g, job.algorithm(), op, gpus(ranks), bytes, job.channels(), entry, 0);
      for (int i = 0; i < ranks.length; i++) {
        out[ranks[i]] = done[i];
      }
    }
    return out;
  }

  /** TP AllReduces and EP all-to-alls that follow a layer's compute on stage s; they advance the cursor. */
  private void layerCollectives(int s) {
    long act = job.activationBytes();
    if (job.tp() > 1) {
      for (int d = 0; d < job.dp(); d++) {
        int[] ranks = new int[job.tp()];
        for (int t = 0; t < job.tp(); t++) {
          ranks[t] = rank(t, d, s);
        }
        for (int k = 0; k < 2; k++) { // after attention and after the MLP
          int[] entry = new int[ranks.length];
          for (int i = 0; i < ranks.length; i++) {
            entry[i] = cursor[ranks[i]];
          }
          int[] done = Algorithms.run(g, "ring", Op.ALL_REDUCE, gpus(ranks), act, job.channels(), entry, 0);
          for (int i = 0; i < ranks.length; i++) {
            cursor[ranks[i]] = done[i];
          }
        }
      }
    }
    int ep = job.ep();
    if (ep > 1) {
      // Each token visits topK experts spread evenly over the EP ranks: 1/ep of the routed bytes per peer.
      long perPeer = Algorithms.ceilDiv(act * job.model().topK(), ep);
      for (int t = 0; t < job.tp(); t++) {
        int[] dpRanks = dpGroup(t, s);
        for (int e0 = 0; e0 < dpRanks.length; e0 += ep) {
          int[] ranks = java.util.Arrays.copyOfRange(dpRanks, e0, e0 + ep);
          for (int k = 0; k < 2; k++) { // dispatch, combine
            int[] entry = new int[ep];
            for (int i = 0; i < ep; i++) {
              entry[i] = cursor[ranks[i]];
            }
            int[] done = Algorithms.allToAll(g, gpus(ranks), Algorithms.ceilDiv(perPeer, job.channels()), job.channels(),
                entry, 0);
            for (int i = 0; i < ep; i++) {
              cursor[ranks[i]] = done[i];
            }
          }
        }
      }
    }
  }

  /** Activations (or their gradients) of micro-batch b from every rank of stage {@code from} to its peer on {@code to}. */
  private void pipelineSend(int from, int to, int b, int[][] recv) {
    int group = g.newGroup();
    for (int t = 0; t < job.tp(); t++) {
      for (int d = 0; d < job.dp(); d++) {
        int src = rank(t, d, from);
        int dst = rank(t, d, to);
        recv[dst][b] = g.send(gpu[src], gpu[dst], Algorithms.ceilDiv(job.activationBytes(), job.tp()),
            new int[] {cursor[src]}, 0, group);
      }
    }
  }

  private int rank(int t, int d, int s) {
    return t + job.tp() * (d + job.dp() * s);
  }

  private int[] dpGroup(int t, int s) {
    int[] out = new int[job.dp()];
    for (int d = 0; d < out.length; d++) {
      out[d] = rank(t, d, s);
    }
    return out;
  }

  private int[] gpus(int[] ranks) {
    int[] out = new int[ranks.length];
    for (int i = 0; i < ranks.length; i++) {
      out[i] = gpu[ranks[i]];
    }
    return out;
  }

  private int[] fill(int v) {
    int[] a = new int[job.gpus()];
    java.util.Arrays.fill(a, v);
    return a;
  }
}
