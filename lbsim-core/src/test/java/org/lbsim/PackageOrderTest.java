package org.lbsim;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The packages of lbsim-core's main code in dependency order: each uses only the packages before
 * it in {@link #ORDER}, no package is in a cycle (a sub-package such as {@code transport.cc} is a
 * package of its own), and {@code design} uses nothing of lbsim.
 *
 * <p>{@link #ORDER} and the table "Packages of {@code lbsim-core}, in dependency order" of
 * docs/architecture.md must agree, row for row: a new package gets its row there and its place
 * here, and {@link #docsTableHasThisOrder} fails while they differ.
 */
@AnalyzeClasses(packages = "org.lbsim", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageOrderTest {
  /** lbsim-core's packages below {@code org.lbsim}, the bottom first: the table of docs/architecture.md. */
  static final List<String> ORDER = List.of(
      "design",
      "engine",
      "net",
      "topo",
      "workload",
      "lb",
      "training",
      "training.chakra.proto",
      "training.chakra",
      "transport",
      "transport.cc",
      "metrics",
      "failure",
      "theory",
      "scenario",
      "results",
      "spi",
      "experiment",
      "optimize");

  private static final Path ARCHITECTURE = Path.of("..", "docs", "architecture.md");
  private static final String TABLE = "## Packages of `lbsim-core`, in dependency order";

  @ArchTest
  static final ArchRule EACH_PACKAGE_USES_ONLY_THOSE_BEFORE_IT = layers();

  @ArchTest
  static final ArchRule NO_PACKAGE_IS_IN_A_CYCLE = slices().matching("org.lbsim.(**)").should().beFreeOfCycles();

  @ArchTest
  static final ArchRule DESIGN_USES_NOTHING_OF_LBSIM = classes().that().resideInAPackage("org.lbsim.design..")
      .should().onlyDependOnClassesThat(resideInAPackage("org.lbsim.design..").or(resideOutsideOfPackage("org.lbsim..")))
      .because("every axis builds on design, so design builds on none");

  /** One layer per package of {@link #ORDER} (its classes, not its sub-packages'), each above those before it. */
  private static LayeredArchitecture layers() {
    LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInAnyPackage("org.lbsim..");
    for (String p : ORDER) {
      rule = rule.layer(p).definedBy("org.lbsim." + p);
    }
    rule = rule.whereLayer(ORDER.get(0)).mayNotAccessAnyLayer();
    for (int i = 1; i < ORDER.size(); i++) {
      rule = rule.whereLayer(ORDER.get(i)).mayOnlyAccessLayers(ORDER.subList(0, i).toArray(String[]::new));
    }
    return rule.ensureAllClassesAreContainedInArchitecture();
  }

  @ArchTest
  static void docsTableHasThisOrder(JavaClasses classes) {
    String page;
    try {
      page = Files.readString(ARCHITECTURE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> rows = new ArrayList<>();
    boolean inTable = false;
    for (String line : page.split("\n", -1)) {
      if (line.equals(TABLE)) {
        inTable = true;
      } else if (inTable && line.startsWith("| `")) {
        rows.add(line.substring(3, line.indexOf('`', 3)));
      } else if (inTable && !rows.isEmpty() && !line.startsWith("|")) {
        break;
      }
    }
    assertThat(rows).as("the packages of the table %s in docs/architecture.md", TABLE).isEqualTo(ORDER);
  }
}
