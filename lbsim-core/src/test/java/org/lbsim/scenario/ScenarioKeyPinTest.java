package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The keys of a few scenarios, pinned: stored sweep results are found by them, so a change to the
 * scenario's settings, their order or their canonical form must not change them unnoticed.
 */
class ScenarioKeyPinTest {
  private static String key(String... overrides) {
    return ScenarioKey.of(Scenarios.of(overrides));
  }

  @Test
  void theDefaultScenario() {
    assertThat(key()).isEqualTo("b4921fe80b125479d92c2a0bae842d17e71b4f3f85ab93cfdbb12fd2e3a64e56");
  }

  @Test
  void chosenDesignsUnderTheReferenceProfile() {
    assertThat(key("topology.k=4", "profile=reference", "lb=ecmp", "lr=sack", "cc=dctcp"))
        .isEqualTo("53c33d6a0fa32f134d45fd6be010db0ac38d618287569acdd110e67fedd198bd");
  }

  @Test
  void failuresSamplingAndTheTransmitter() {
    assertThat(key("topology.k=4", "failures.kind=drop", "failures.links=tor0-agg0", "metrics.queue_sample_us=5",
        "engine.transmitter=events"))
        .isEqualTo("690f597e84c19f48ad36c8fa90f8f1f9a4be7a74f91f9db3aae9389b862881bc");
  }

  @Test
  void aTrainingWorkload() {
    assertThat(key("workload.kind=training", "topology.kind=leaf-spine", "topology.hosts_per_leaf=4",
        "topology.leaves=4", "topology.spines=4", "job.gpus=16", "job.gpus_per_server=4"))
        .isEqualTo("d3561bd802b88403c13a2a943e80fc21e6acc6d3077158d17ad2353022a012f4");
  }

  @Test
  void workloadBufferAndRunKeys() {
    assertThat(key("workload.start_jitter=1", "workload.locality=cross-pod", "buffer.packets=100", "run.limit_ms=5"))
        .isEqualTo("e3127590928b3bb2a179a28565a81245597e45a6a6e47661992017bb6056b283");
  }
}
