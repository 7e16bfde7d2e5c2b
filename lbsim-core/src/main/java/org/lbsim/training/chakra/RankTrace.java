package org.lbsim.training.chakra;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One rank's file of a Chakra trace, read and checked on its own.
 *
 * @param nodes its nodes in file order
 * @param skippedNodes nodes of a type lbsim does not know (zero duration), by type number
 * @param skippedAttributes attributes lbsim does not read, by name, with how often they occur
 */
record RankTrace(int rank, Path file, List<TraceNode> nodes, Map<String, Integer> skippedNodes,
    Map<String, Integer> skippedAttributes) {

  RankTrace {
    nodes = List.copyOf(nodes);
    skippedNodes = Map.copyOf(skippedNodes);
    skippedAttributes = Map.copyOf(skippedAttributes);
  }
}
