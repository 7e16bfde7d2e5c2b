package org.lbsim.design;

import java.util.List;

/**
 * A parameter of a design, set in a scenario as {@code <design>.<name>}: a number in a range, a
 * number or a word standing for a value derived at run time ({@code auto}), or one of a few
 * words.
 *
 * @param defaultValue the default of a number; NaN when the default is {@code defaultWord}
 * @param integer whether only whole numbers are allowed
 * @param min smallest allowed number (inclusive)
 * @param max largest allowed number (inclusive)
 * @param choices the words allowed instead of a number; empty for a number
 * @param defaultWord the default when it is a word ({@code auto}, or one of {@code choices}); null
 *     for a number's default
 * @param onlyWhen a further condition for it to apply, beyond its design being chosen; null when none
 * @param reading how a scenario's text of it is read and what a refused text is told ({@link
 *     #reading(Reading)}); null = the default: a choice is one of {@code choices}, a number is a
 *     decimal number in {@code min..max}, refused with {@link #range()}
 */
public record Param(String name, double defaultValue, boolean integer, double min, double max, String meaning,
    List<String> choices, String defaultWord, Condition onlyWhen, Reading reading) {

  /** It applies only when its design's parameter {@code param} is one of {@code values}. */
  public record Condition(String param, List<String> values) {
    public Condition {
      values = List.copyOf(values);
    }
  }

  public Param {
    choices = List.copyOf(choices);
  }

  /**
   * How a parameter's scenario text is read: its value as {@link Params} holds it (a number, NaN
   * for {@code auto}), or null after telling {@code bad} what is wrong. Readings compose:
   * {@code whole(1, Long.MAX_VALUE).orAuto()}.
   */
  @FunctionalInterface
  public interface Reading {
    Double read(String text, Refusal bad);

    /** Told of a refused text: the text as the message shows it and what is allowed. */
    @FunctionalInterface
    interface Refusal {
      void refuse(String shown, String allowed);
    }

    /** A decimal integer in ASCII digits from {@code min} to {@code max}, else "an integer from min to max". */
    static Reading whole(long min, long max) {
      return (text, bad) -> {
        String t = text.trim();
        if (WHOLE.matcher(t).matches()) {
          try {
            long x = Long.parseLong(t);
            if (x >= min && x <= max) {
              return (double) x;
            }
          } catch (NumberFormatException e) {
            // beyond a long: refused below
          }
        }
        bad.refuse(text, "an integer from " + min + " to " + max);
        return null;
      };
    }

    /**
     * A number Java's {@link Double#parseDouble} reads, above 0 and at most {@code max}, else
     * {@code allowed} (showing the trimmed text).
     */
    static Reading positive(double max, String allowed) {
      return (text, bad) -> {
        String t = text.trim();
        double x;
        try {
          x = Double.parseDouble(t);
        } catch (NumberFormatException e) {
          x = Double.NaN;
        }
        if (!(x > 0 && x <= max)) {
          bad.refuse(t, allowed);
          return null;
        }
        return x;
      };
    }

    /** This reading, a value it takes above {@code most} refused with {@code allowed}. */
    default Reading atMost(double most, String allowed) {
      return (text, bad) -> {
        Double x = read(text, bad);
        if (x != null && x > most) {
          bad.refuse(text, allowed);
          return null;
        }
        return x;
      };
    }

    /** This reading, or the word {@code auto} (trimmed) for NaN. */
    default Reading orAuto() {
      return (text, bad) -> {
        if (text.trim().equals("auto")) {
          return Double.NaN;
        }
        return read(text, bad);
      };
    }

    /** This reading, a refused text also told {@code allowed} (showing the trimmed text). */
    default Reading alsoRefusedWith(String allowed) {
      return (text, bad) -> {
        Double x = read(text, bad);
        if (x == null) {
          bad.refuse(text.trim(), allowed);
        }
        return x;
      };
    }
  }

  private static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("[+-]?[0-9]+");

  /** A number from {@code min} to {@code max}. */
  public Param(String name, double defaultValue, boolean integer, double min, double max, String meaning) {
    this(name, defaultValue, integer, min, max, meaning, List.of(), null, null, null);
  }

  /** This parameter, applying only when its design's parameter {@code param} is one of {@code values}. */
  public Param onlyWhen(String param, String... values) {
    return new Param(name, defaultValue, integer, min, max, meaning, choices, defaultWord,
        new Condition(param, List.of(values)), reading);
  }

  /** This parameter, its scenario text read by {@code how} (its range and default stay as they are). */
  public Param reading(Reading how) {
    return new Param(name, defaultValue, integer, min, max, meaning, choices, defaultWord, onlyWhen, how);
  }

  public static Param integer(String name, int def, int min, int max, String meaning) {
    return new Param(name, def, true, min, max, meaning);
  }

  public static Param number(String name, double def, double min, double max, String meaning) {
    return new Param(name, def, false, min, max, meaning);
  }

  /** One of {@code choices}, {@code def} by default. */
  public static Param choice(String name, List<String> choices, String def, String meaning) {
    return new Param(name, Double.NaN, false, Double.NaN, Double.NaN, meaning, choices, def, null, null);
  }

  /** An integer, or {@code auto} (the default) for a value the run derives. */
  public static Param integerOrAuto(String name, long min, long max, String meaning) {
    return new Param(name, Double.NaN, true, min, max, meaning, List.of(), "auto", null, null);
  }

  /** A number, or {@code auto} (the default) for a value the run derives. */
  public static Param numberOrAuto(String name, double min, double max, String meaning) {
    return new Param(name, Double.NaN, false, min, max, meaning, List.of(), "auto", null, null);
  }

  /** Whether it is one of {@link #choices} rather than a number. */
  public boolean isChoice() {
    return !choices.isEmpty();
  }

  /** Whether it is a number in its range, with a number as its default (no word allowed), read the default way. */
  public boolean isPlainNumber() {
    return choices.isEmpty() && defaultWord == null && reading == null;
  }

  /**
   * Its value as {@link Params} holds it, read by its {@link #reading} or, without one, as one of
   * its {@link #choices} (held as its index); null when refused (told to {@code bad}). A parameter
   * with neither is read by the scenario reader as a decimal number in its range.
   */
  public Double read(String text, Reading.Refusal bad) {
    if (reading != null) {
      return reading.read(text, bad);
    }
    if (isChoice()) {
      int i = choices.indexOf(text);
      if (i < 0) {
        bad.refuse(text, String.join(", ", choices));
        return null;
      }
      return (double) i;
    }
    throw new IllegalStateException(name + " is a plain number: the scenario reader reads it");
  }

  /** Its default as {@link Params} holds it: a choice's index in {@link #choices}, NaN for auto, else the number. */
  public double defaultHeld() {
    return isChoice() ? choices.indexOf(defaultWord) : defaultValue;
  }

  /** Default as a scenario file would write it. */
  public String defaultText() {
    if (defaultWord != null) {
      return defaultWord;
    }
    return integer ? Long.toString((long) defaultValue) : trim(defaultValue);
  }

  /** Allowed values for error messages. */
  public String range() {
    if (isChoice()) {
      return String.join(", ", choices);
    }
    String kind = integer ? "an integer" : "a number";
    return (defaultWord == null ? "" : defaultWord + " or ") + kind + " from "
        + (integer ? Long.toString((long) min) : trim(min)) + " to " + (integer ? Long.toString((long) max) : trim(max));
  }

  private static String trim(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
