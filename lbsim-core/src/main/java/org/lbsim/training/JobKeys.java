package org.lbsim.training;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code job.*} scenario keys into jobs. {@code job.model} may list several models,
 * comma-separated: each becomes a job with the other job settings, placed by
 * {@code job.placement}. Problems are collected, one per bad key, never thrown one at a time.
 */
public final class JobKeys {
  /** A bad value: the key, what it held, and what is allowed. */
  public record Problem(String key, String value, String allowed) {}

  private final Map<String, String> v;
  private final List<Problem> problems = new ArrayList<>();

  private JobKeys(Map<String, String> values) {
    this.v = values;
  }

  /** The jobs, or null with {@code problems} filled. */
  public static List<JobSpec> parse(Map<String, String> values, int fabricHosts, List<Problem> problems) {
    JobKeys k = new JobKeys(values);
    List<JobSpec> jobs = k.jobs(fabricHosts);
    problems.addAll(k.problems);
    return k.problems.isEmpty() ? jobs : null;
  }

  private List<JobSpec> jobs(int hosts) {
    List<ModelPreset> models = new ArrayList<>();
    for (String name : v.get("job.model").split(",")) {
      ModelPreset m = ModelPreset.find(name.trim());
      if (m == null) {
        bad("job.model", v.get("job.model"), "one or more of " + String.join(", ", ModelPreset.NAMES) + ", comma-separated");
        return null;
      }
      models.add(m);
    }
    Precision precision = Precision.find(v.get("job.precision"));
    int gpus = integer("job.gpus", 1);
    int gps = integer("job.gpus_per_server", 1);
    int tp = integer("job.tp", 1);
    int pp = integer("job.pp", 1);
    int ep = integer("job.ep", 1);
    int channels = integer("job.channels", 1);
    long tokens = integer("job.tokens", 1);
    int mbs = integer("job.micro_batches", 1);
    double tflops = number("job.gpu_tflops");
    double nvlink = number("job.nvlink_gbps");
    long bucket = sizeBytes("job.bucket");
    long computePs = -1;
    if (!v.get("job.compute_us").trim().equals("auto")) {
      double us = number("job.compute_us");
      if (!Double.isNaN(us) && !(us >= 0 && us <= 1e9)) {
        bad("job.compute_us", v.get("job.compute_us"), "auto or a number of microseconds from 0 to 1e9");
      }
      computePs = Math.round(us * 1e6);
    }
    int layers = v.get("job.layers").equals("auto") ? 0 : integer("job.layers", 1);
    String lp = v.get("job.layer_params").trim();
    boolean study = lp.equals(StudyFig14.KEY_VALUE);
    long layerParams = lp.equals("auto") || study ? 0 : longValue("job.layer_params");
    if (!Double.isNaN(tflops) && !(tflops > 0 && tflops <= 1e6)) {
      bad("job.gpu_tflops", v.get("job.gpu_tflops"), "a positive number of TFLOP/s up to 1e6");
    }
    if (!Double.isNaN(nvlink) && !(nvlink >= 1e-9 && nvlink <= 1e6)) {
      bad("job.nvlink_gbps", v.get("job.nvlink_gbps"), "a number of Gb/s from 1e-9 to 1e6");
    }
    if (!problems.isEmpty()) {
      return null;
    }
    if (hosts % gps != 0) {
      bad("job.gpus_per_server", v.get("job.gpus_per_server"), "a divisor of the fabric's " + hosts + " hosts");
      return null;
    }
    List<JobSpec> jobs = new ArrayList<>();
    int serversUsed = 0;
    for (int i = 0; i < models.size(); i++) {
      ModelPreset m = models.get(i);
      String modelName = v.get("job.model").split(",")[i].trim();
      if (study && StudyFig14.packetsPerFlow(modelName) < 0) {
        bad("job.layer_params", lp, "auto or a number; study-fig14 only with llama3-7b, llama3-70b, llama3-405b");
        return null;
      }
      ModelPreset model = layers > 0 ? new ModelPreset(m.name(), layers, m.hidden(), m.ffn(), m.heads(), m.kvHeads(),
          m.vocab(), m.experts(), m.topK()) : m;
      try {
        JobSpec j = new JobSpec(model, precision, gpus, gps, tp, pp, ep, v.get("job.sharding"), v.get("job.scope"),
            v.get("job.algorithm"), channels, tokens, mbs, tflops, computePs, Math.round(nvlink * 1e9), bucket,
            study ? StudyFig14.layerParams(modelName, Math.max(1, gpus / (tp * pp)), tp, precision)
                : layerParams > 0 ? layerParams : model.layerParams());
        if (j.algorithm().equals("halving-doubling") && Integer.bitCount(j.dp()) != 1) {
          bad("job.algorithm", "halving-doubling", "ring or direct: halving-doubling needs a power-of-two data-parallel "
              + "degree, this job has " + j.dp());
          return null;
        }
        jobs.add(j);
        serversUsed += j.servers();
      } catch (IllegalArgumentException e) {
        String key = e.getMessage().split(" ")[0];
        bad(key.startsWith("job.") ? key : "job.gpus", v.getOrDefault(key, v.get("job.gpus")), e.getMessage());
        return null;
      }
    }
    if (serversUsed > hosts / gps) {
      bad("job.gpus", v.get("job.gpus"), "at most " + hosts / gps + " servers of " + gps + " GPUs in all; the "
          + jobs.size() + " job(s) need " + serversUsed);
      return null;
    }
    return jobs;
  }

  private int integer(String key, int min) {
    try {
      String t = v.get(key).trim();
      int x = t.matches("[+-]?[0-9]+") ? Integer.parseInt(t) : -1;
      if (x >= min) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    bad(key, v.get(key), "an integer from " + min + " to " + Integer.MAX_VALUE);
    return min;
  }

  private long longValue(String key) {
    try {
      String t = v.get(key).trim();
      long x = t.matches("[+-]?[0-9]+") ? Long.parseLong(t) : -1;
      if (x >= 1) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    bad(key, v.get(key), "auto, study-fig14, or a number of weights from 1 to " + Long.MAX_VALUE);
    return 1;
  }

  private double number(String key) {
    String t = v.get(key).trim();
    if (t.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?")) {
      double x = Double.parseDouble(t);
      if (Double.isFinite(x)) {
        return x;
      }
    }
    bad(key, v.get(key), "a number, finite and decimal, e.g. 0.5 or 1e-3");
    return Double.NaN;
  }

  private long sizeBytes(String key) {
    String t = v.get(key).trim().toLowerCase(java.util.Locale.ROOT);
    long mult = t.endsWith("mb") ? 1_000_000 : t.endsWith("mib") ? 1 << 20 : t.endsWith("kb") ? 1000 : 1;
    String num = t.replaceAll("[a-z]+$", "");
    try {
      double d = Double.parseDouble(num);
      long x = Math.round(d * mult);
      if (x > 0 && d * mult <= 1e15 && num.matches("[0-9.eE+-]+")) {
        return x;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    bad(key, v.get(key), "a positive size up to 1e15 B, e.g. 25MB");
    return 1;
  }

  private void bad(String key, String value, String allowed) {
    problems.add(new Problem(key, value, allowed));
  }
}
