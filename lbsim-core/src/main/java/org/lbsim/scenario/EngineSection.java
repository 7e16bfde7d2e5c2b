package org.lbsim.scenario;

/**
 * The {@code engine.*} and {@code run.*} keys: how the simulation runs and how long.
 *
 * @param eventTransmitter every departure is an event ({@code engine.transmitter: events})
 *     instead of ports computing departures on arrival where they can
 * @param limitPs simulated-time limit
 * @param limitMs {@code run.limit_ms} as the scenario writes it, for messages about the limit
 */
public record EngineSection(boolean eventTransmitter, long limitPs, String limitMs) {}
