package org.lbsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.lbsim.failure.FailureKind;
import org.lbsim.net.PacketFormat;
import org.lbsim.training.JobSpec;

/** The reader resolves each section once into typed values; the runner reads those, never the settings' text. */
class ScenarioSectionsTest {
  @Test
  void metricsQueueSampling() {
    assertThat(Scenarios.of().metrics().queueSamplePs()).isEqualTo(MetricsSection.AUTO);
    assertThat(Scenarios.of("metrics.queue_sample_us=0").metrics().queueSamplePs()).isZero();
    assertThat(Scenarios.of("metrics.queue_sample_us= 2.5").metrics().queueSamplePs()).isEqualTo(2_500_000L);
  }

  @Test
  void engineAndRunLimit() {
    EngineSection e = Scenarios.of("run.limit_ms=2.5", "engine.transmitter=events").engine();
    assertThat(e.eventTransmitter()).isTrue();
    assertThat(e.limitPs()).isEqualTo(2_500_000_000L);
    assertThat(e.limitMs()).isEqualTo("2.5");
    assertThat(Scenarios.of().engine().eventTransmitter()).isFalse();
  }

  @Test
  void workloadLocalityAndJitter() {
    WorkloadSpec w = Scenarios.of("topology.k=4", "workload.locality=cross-pod", "workload.start_jitter=0.25")
        .workload();
    assertThat(w.crossPod()).isTrue();
    assertThat(w.startJitter()).isEqualTo(0.25);
    assertThat(Scenarios.of("topology.k=4").workload().crossPod()).isFalse();
  }

  @Test
  void transportSection() {
    TransportSection t = Scenarios.of("transport.rate_coef=0.5", "transport.extra_packets=3",
        "transport.min_rto_us=4", "transport.initial_rto_us=7").transport();
    assertThat(t).isEqualTo(new TransportSection(0.5, 3, 4_000_000L, 7_000_000L, false, 0));
    assertThat(Scenarios.of("transport.rtt_from=slot").transport().rttFromSlot()).isTrue();
  }

  @Test
  void failuresAreAPlanAlready() {
    Scenario s = Scenarios.of("topology.k=4", "failures.kind=hold", "failures.links=tor0-agg0,agg1-core3",
        "failures.at_us=3");
    assertThat(s.failures().kind()).isEqualTo(FailureKind.HOLD);
    assertThat(s.failures().links()).containsExactly("tor0-agg0", "agg1-core3");
    assertThat(s.failures().atPs()).isEqualTo(3_000_000L);
    assertThat(Scenarios.of("topology.k=4").failures().active()).isFalse();
  }

  @Test
  void trainingJobsAreReadOnce() {
    Scenario s = Scenarios.of("workload.kind=training", "topology.kind=leaf-spine", "topology.hosts_per_leaf=4",
        "topology.leaves=4", "topology.spines=4", "job.model=llama3-8b,llama3-8b", "job.gpus=8",
        "job.gpus_per_server=4", "job.placement=spread", "job.ideal=off");
    List<JobSpec> jobs = s.training().jobs();
    assertThat(jobs).hasSize(2);
    assertThat(jobs.get(0).gpus()).isEqualTo(8);
    assertThat(jobs.get(0).gpusPerServer()).isEqualTo(4);
    assertThat(s.training().placement()).isEqualTo("spread");
    assertThat(s.training().simulateIdeal()).isFalse();
    assertThat(Scenarios.of().training()).isEqualTo(TrainingSection.NONE);
  }

  @Test
  void designsAreResolved() {
    Scenario s = Scenarios.of("lb=ecmp", "cc=dctcp", "lr=sack");
    assertThat(s.designs().lb().name()).isEqualTo("ecmp");
    assertThat(s.designs().cc().name()).isEqualTo("dctcp");
    assertThat(s.designs().lr().name()).isEqualTo("sack");
    Scenario t = Scenarios.of("workload.kind=incast", "topology.kind=leaf-spine");
    assertThat(t.workload().kind()).isSameAs(WorkloadKinds.find("incast"));
    assertThat(t.fabric().kind().name()).isEqualTo("leaf-spine");
  }

  @Test
  void aScenarioHoldsSectionsOnly() {
    for (RecordComponent c : Scenario.class.getRecordComponents()) {
      assertThat(c.getType().getPackageName()).as(c.getName()).startsWith("org.lbsim.");
    }
    Scenario s = Scenarios.of("name=x", "seed=7");
    assertThat(s.identity().name()).isEqualTo("x").isEqualTo(s.name());
    assertThat(s.identity().seed()).isEqualTo(7).isEqualTo(s.seed());
    assertThat(s.identity().values()).containsEntry("name", "x").containsEntry("seed", "7");
    assertThat(s.topology()).isSameAs(s.fabric().topology());
  }

  @Test
  void whatTheReferenceProfileChanges() {
    PacketSection p = new PacketSection(4096, 62, 64, 20, AckCe.PROFILE);
    assertThat(Profile.DEFAULT.wireFormat(p)).isEqualTo(PacketFormat.of(4096, 62, 64, 20));
    assertThat(Profile.REFERENCE.wireFormat(p)).isEqualTo(new PacketFormat(4096, 0, 82, 0, 4178));
    assertThat(Profile.DEFAULT.bufferPacketBytes(p)).isEqualTo(4158);
    assertThat(Profile.REFERENCE.bufferPacketBytes(p)).isEqualTo(4178);
    assertThat(Profile.DEFAULT.trimmedBytes(p)).isEqualTo(62);
    assertThat(Profile.REFERENCE.trimmedBytes(p)).isEqualTo(82);
    for (Profile x : Profile.values()) {
      boolean study = x == Profile.REFERENCE;
      assertThat(x.coinTrimVictim()).isEqualTo(study);
      assertThat(x.cctFromFirstStart()).isEqualTo(!study);
      assertThat(x.ackEchoesCe()).isEqualTo(!study);
      assertThat(AckCe.PROFILE.echoes(x)).isEqualTo(!study);
      assertThat(AckCe.ECHO.echoes(x)).isTrue();
      assertThat(AckCe.PATH.echoes(x)).isFalse();
      assertThat(x.referencePacing()).isEqualTo(study);
      assertThat(x.referenceErasure()).isEqualTo(study);
      assertThat(x.nicBackpressure()).isEqualTo(!study);
    }
  }
}
