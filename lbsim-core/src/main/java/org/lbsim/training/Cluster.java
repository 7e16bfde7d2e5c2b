package org.lbsim.training;

/**
 * Servers of {@code gpusPerServer} GPUs, each GPU with its own NIC (one fabric host), and how the
 * fabric numbers those NICs.
 *
 * <p>On a fat tree or leaf-spine the NICs of server s are hosts s*g .. s*g+g-1 (a server fills
 * consecutive ToR ports). On a rail-optimized fabric NIC i of every server hangs off rail switch
 * i, which the fabric builds as leaf i; leaves hold consecutive hosts, so NIC i of server s is
 * host i*servers + s.
 */
public record Cluster(int servers, int gpusPerServer, boolean railOptimized) {
  public Cluster {
    if (servers < 1 || gpusPerServer < 1) {
      throw new IllegalArgumentException("a cluster needs >= 1 server of >= 1 GPU, got " + servers + " x " + gpusPerServer);
    }
  }

  public int host(int server, int gpu) {
    return railOptimized ? gpu * servers + server : server * gpusPerServer + gpu;
  }

  public int hosts() {
    return servers * gpusPerServer;
  }
}
