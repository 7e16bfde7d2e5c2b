package org.lbsim.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The designs of one axis, by name, in the order {@code lbsim list} and the schema show them,
 * each with where it was registered (a registry class for built-in designs, a jar for
 * plug-ins). Immutable.
 *
 * @param <D> the axis' design type
 */
public final class Registry<D extends Design> {
  private final Axis axis;
  private final List<D> all;
  private final Map<String, Origin> origins;

  /**
   * Where a design was registered.
   *
   * @param where the registry class of a built-in design, the jar of a plug-in's
   * @param plugin whether it came from a plug-in
   */
  public record Origin(String where, boolean plugin) {}

  private Registry(Axis axis, List<D> all, Map<String, Origin> origins) {
    this.axis = axis;
    this.all = List.copyOf(all);
    this.origins = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(origins));
  }

  /** The built-in designs of {@code axis}, registered in the class {@code registry}. */
  public static <D extends Design> Registry<D> of(Axis axis, List<D> designs, Class<?> registry) {
    Map<String, Origin> origins = new LinkedHashMap<>();
    for (D d : designs) {
      if (d.axis() != axis) {
        throw new IllegalArgumentException(d.name() + " is a " + d.axis().title() + " design, not " + axis.title());
      }
      if (origins.put(d.name(), new Origin(registry.getName(), false)) != null) {
        throw new IllegalArgumentException("two " + axis.title() + " designs are named '" + d.name() + "'");
      }
    }
    return new Registry<>(axis, designs, origins);
  }

  /** This registry with {@code design} added last, from the plug-in {@code jar}; its name must be new. */
  public Registry<D> plus(D design, String jar) {
    if (origins.containsKey(design.name())) {
      throw new IllegalArgumentException("'" + design.name() + "' is already registered by "
          + origins.get(design.name()).where());
    }
    List<D> more = new ArrayList<>(all);
    more.add(design);
    Map<String, Origin> o = new LinkedHashMap<>(origins);
    o.put(design.name(), new Origin(jar, true));
    return new Registry<>(axis, more, o);
  }

  public Axis axis() {
    return axis;
  }

  public List<D> all() {
    return all;
  }

  /** The design called {@code name}, or null. */
  public D find(String name) {
    for (D d : all) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }

  /** The names, in order. */
  public List<String> names() {
    List<String> n = new ArrayList<>(all.size());
    for (D d : all) {
      n.add(d.name());
    }
    return List.copyOf(n);
  }

  /** Where {@code name} was registered; null for a name it does not hold. */
  public Origin origin(String name) {
    return origins.get(name);
  }
}
