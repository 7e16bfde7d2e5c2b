package org.lbsim.topo;

/**
 * Shapes lbsim does not have, written only against {@link Topology}, as a plug-in's would be:
 * the interface is open, and the fabric, routing and failures take any shape that keeps its rules.
 */
public final class TestShapes {
  private TestShapes() {}

  /**
   * A leaf-spine whose cables are rotated: leaf l's up port j reaches spine (l + j) mod spines,
   * so spine s's down port l reaches leaf l on that leaf's up port (s − l) mod spines. A path
   * does not come down the way it would go up.
   */
  public record RotatedLeafSpine(int hostsPerLeaf, int leaves, int spines, int planes) implements Topology {
    public RotatedLeafSpine {
      Topology.checkPlanes(planes);
    }

    @Override
    public Topology withPlanes(int p) {
      return new RotatedLeafSpine(hostsPerLeaf, leaves, spines, p);
    }

    @Override
    public int tiers() {
      return 2;
    }

    @Override
    public String switchKind(int tier) {
      return tier == 0 ? "rack" : "top";
    }

    @Override
    public int switches(int tier) {
      return tier == 0 ? leaves : spines;
    }

    @Override
    public int upPorts(int tier) {
      return tier == 0 ? spines : 0;
    }

    @Override
    public int hostsBelow(int tier) {
      return tier == 0 ? hostsPerLeaf : hostsPerLeaf * leaves;
    }

    @Override
    public int upNeighbour(int tier, int index, int port) {
      return (index + port) % spines;
    }

    @Override
    public int downNeighbour(int tier, int index, int port) {
      return tier == 0 ? index * hostsPerLeaf + port : port;
    }

    @Override
    public int downNeighbourUpPort(int tier, int index, int port) {
      return Math.floorMod(index - port, spines);
    }

    @Override
    public String cableNames(int tier) {
      return "rack<l>-top<s>";
    }
  }

  /**
   * A three-tier Clos that is not a fat tree: {@code pods} pods of {@code torsPerPod} ToRs, each
   * joined to every one of its pod's {@code aggsPerPod} aggregation switches; aggregation switch
   * a takes up port l to core (a mod aggsPerPod) + aggsPerPod · l, so each core reaches one
   * aggregation switch of every pod.
   */
  public record UnevenClos(int hostsPerTor, int torsPerPod, int aggsPerPod, int uplinksPerAgg, int pods, int planes)
      implements Topology {
    public UnevenClos {
      Topology.checkPlanes(planes);
    }

    @Override
    public Topology withPlanes(int p) {
      return new UnevenClos(hostsPerTor, torsPerPod, aggsPerPod, uplinksPerAgg, pods, p);
    }

    @Override
    public int tiers() {
      return 3;
    }

    @Override
    public String switchKind(int tier) {
      return tier == 0 ? "edge" : tier == 1 ? "mid" : "top";
    }

    @Override
    public int switches(int tier) {
      return tier == 0 ? pods * torsPerPod : tier == 1 ? pods * aggsPerPod : aggsPerPod * uplinksPerAgg;
    }

    @Override
    public int upPorts(int tier) {
      return tier == 0 ? aggsPerPod : tier == 1 ? uplinksPerAgg : 0;
    }

    @Override
    public int hostsBelow(int tier) {
      return tier == 0 ? hostsPerTor : tier == 1 ? hostsPerTor * torsPerPod : hostsPerTor * torsPerPod * pods;
    }

    @Override
    public int upNeighbour(int tier, int index, int port) {
      return tier == 0 ? index / torsPerPod * aggsPerPod + port : index % aggsPerPod + aggsPerPod * port;
    }

    @Override
    public int downNeighbour(int tier, int index, int port) {
      return tier == 0 ? index * hostsPerTor + port
          : tier == 1 ? index / aggsPerPod * torsPerPod + port : port * aggsPerPod + index % aggsPerPod;
    }

    @Override
    public int downNeighbourUpPort(int tier, int index, int port) {
      return tier == 1 ? index % aggsPerPod : index / aggsPerPod;
    }

    @Override
    public String cableNames(int tier) {
      return tier == 0 ? "edge<t>-mid<a>" : "mid<a>-top<c>";
    }
  }
}
