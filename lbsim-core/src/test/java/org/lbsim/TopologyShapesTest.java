package org.lbsim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Set;
import org.lbsim.topo.FatTree;
import org.lbsim.topo.LeafSpine;

/**
 * Outside {@code topo} a fabric is a {@code Topology}: code asks it questions (its tiers, its
 * ToRs, its ports) and never tests for a shape ({@code instanceof FatTree}) or calls a shape's own
 * methods. Making a shape (a constructor call) is allowed.
 */
@AnalyzeClasses(packages = "org.lbsim", importOptions = ImportOption.DoNotIncludeTests.class)
class TopologyShapesTest {
  private static final Set<String> SHAPES = Set.of(FatTree.class.getName(), LeafSpine.class.getName());

  @ArchTest
  static final ArchRule OUTSIDE_TOPO_A_FABRIC_IS_A_TOPOLOGY = classes().that()
      .resideOutsideOfPackage("org.lbsim.topo..")
      .should(new ArchCondition<JavaClass>("neither test for a topology shape nor call a shape's own methods") {
        @Override
        public void check(JavaClass c, ConditionEvents events) {
          for (InstanceofCheck i : c.getInstanceofChecks()) {
            if (SHAPES.contains(i.getRawType().getName())) {
              events.add(SimpleConditionEvent.violated(i, i.getOwner().getFullName() + " tests instanceof "
                  + i.getRawType().getSimpleName() + " in (" + i.getSourceCodeLocation() + ")"));
            }
          }
          for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
            if (SHAPES.contains(call.getTargetOwner().getName())) {
              events.add(SimpleConditionEvent.violated(call, call.getDescription()));
            }
          }
        }
      })
      .because("a new topology answers the questions of Topology and needs no change elsewhere");
}
