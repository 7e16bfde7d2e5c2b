package org.lbsim.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.lbsim.scenario.StrictYaml;

/**
 * The study's experiments, as presets of {@code lbsim reproduce}: one file each in the
 * {@code presets/} resources beside this class ({@link PresetFile}), named after the preset, in
 * the order of {@code presets/index.yaml}.
 */
public final class Presets {
  private static final String FOLDER = "presets/";

  private Presets() {}

  public static List<Preset> all() {
    List<Preset> all = new ArrayList<>();
    for (String name : names()) {
      all.add(read(name));
    }
    return List.copyOf(all);
  }

  /** The preset {@code name}, or null when there is none. */
  public static Preset find(String name) {
    return names().contains(name) ? read(name) : null;
  }

  /** The presets' names, in the order {@code lbsim reproduce --list} shows them. */
  public static List<String> names() {
    List<String> names = new ArrayList<>();
    for (JsonNode n : StrictYaml.readTree(resource("index.yaml"), FOLDER + "index.yaml")) {
      names.add(n.asText());
    }
    return names;
  }

  private static Preset read(String name) {
    String file = name + ".yaml";
    return PresetFile.read(name, resource(file), FOLDER + file);
  }

  private static String resource(String file) {
    try (InputStream in = Presets.class.getResourceAsStream(FOLDER + file)) {
      if (in == null) {
        throw new IllegalStateException("no resource " + FOLDER + file + " beside " + Presets.class.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
