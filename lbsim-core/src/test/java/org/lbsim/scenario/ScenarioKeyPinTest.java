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
    assertThat(key()).isEqualTo("765b774bcb57d085a316bbc97662cf24c20950be1dbcefcb2c133dee7f3937f4");
  }

  @Test
  void chosenDesignsUnderTheReferenceProfile() {
    assertThat(key("topology.k=4", "profile=reference", "lb=ecmp", "lr=sack", "cc=dctcp"))
        .isEqualTo("d9ce38edf8eda96132d7749340539d9887bef56b8dd2542e78bcd1d2a56acd2a");
  }

  @Test
  void failuresSamplingAndTheTransmitter() {
    assertThat(key("topology.k=4", "failures.kind=drop", "failures.links=tor0-agg0", "metrics.queue_sample_us=5",
        "engine.transmitter=events"))
        .isEqualTo("7a32fcb03944e9b9e9b4825c765571d8cee78d966f913d087f5e9289fbed35c8");
  }

  @Test
  void aTrainingWorkload() {
    assertThat(key("workload.kind=training", "topology.kind=leaf-spine", "topology.hosts_per_leaf=4",
        "topology.leaves=4", "topology.spines=4", "job.gpus=16", "job.gpus_per_server=4"))
        .isEqualTo("20ae80a4c67bc87f1ec52a13524fc6db19d404c59a7ba53f993399c42ddc3ae3");
  }

  @Test
  void workloadBufferAndRunKeys() {
    assertThat(key("workload.start_jitter=1", "workload.locality=cross-pod", "buffer.packets=100", "run.limit_ms=5"))
        .isEqualTo("b11b6548a3b7a959a467673380e84cf26a4b7d38f9df176c3b673928e66dad36");
  }
}
