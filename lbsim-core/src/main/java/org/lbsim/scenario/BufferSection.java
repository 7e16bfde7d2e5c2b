package org.lbsim.scenario;

import org.lbsim.topo.PortFeatures;
import org.lbsim.topo.PortSignals;

/**
 * The {@code buffer.*} and {@code loss.*} keys: what every switch port holds, marks and loses.
 *
 * @param bytes buffer of every switch port, derived from {@code buffer.packets} when that is set
 * @param ecnFraction ECN threshold as a fraction of the buffer ({@code auto} resolved for the
 *     chosen lb), -1 = none
 * @param signals RED-like ECN and INT stamping
 * @param features trimming, PFC and link losses
 */
public record BufferSection(long bytes, double ecnFraction, PortSignals signals, PortFeatures features) {}
