package org.lbsim.spi;

import java.util.List;
import org.lbsim.design.Design;

/**
 * A plug-in's entry point: a public class with a public no-argument constructor, named in its
 * jar's {@code META-INF/services/org.lbsim.spi.DesignProvider} (Java's {@link
 * java.util.ServiceLoader}). lbsim loads the jars given by {@code --plugins DIR} and by the
 * {@code LBSIM_PLUGINS} environment variable ({@link Plugins}).
 *
 * <p>Each design is an {@code org.lbsim.lb.LbDesign}, {@code org.lbsim.transport.cc.CcDesign},
 * {@code org.lbsim.transport.LrDesign}, {@code org.lbsim.scenario.WorkloadKind} or {@code
 * org.lbsim.topo.TopologyKind}; its name must be new on its axis (a built-in design or another
 * plug-in's of the same name is refused). docs/extending.md describes the contract.
 */
public interface DesignProvider {
  /** The designs this plug-in adds, any axis, in the order {@code lbsim list} shows them. */
  List<Design> designs();
}
