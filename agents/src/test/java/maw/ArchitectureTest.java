package maw;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The dependency rules of the design: cli -> agents -> game, runtime, llm, with no arrow back; the rules are pure;
 * the runtime knows nothing above it. (That the llm module depends on nothing of this one needs no test: Maven's
 * module graph does not let it.)
 */
class ArchitectureTest {

    private static final JavaClasses MAW = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("maw");

    @Test
    void theVocabularyDependsOnNothingButTheJdk() {
        classes().that().resideInAPackage("maw.base..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("maw.base..", "java..")
                .check(MAW);
    }

    @Test
    void theRulesDependOnNothingButTheJdk() {
        classes().that().resideInAPackage("maw.game..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("maw.game..", "maw.base..", "java..")
                .check(MAW);
    }

    @Test
    void theAiwolfProtocolIsPureJdkWithoutInputOrOutput() {
        classes().that().resideInAPackage("maw.aiwolf.protocol..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("maw.aiwolf.protocol..", "java.lang..",
                        "java.util..")
                .check(MAW);
    }

    @Test
    void theAiwolfRulesArePureLikeMawsOwn() {
        classes().that().resideInAPackage("maw.aiwolf.game..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("maw.aiwolf.game..", "maw.aiwolf.protocol..",
                        "maw.game..", "maw.base..", "java..")
                .check(MAW);
    }

    @Test
    void theRuntimeKnowsNothingOfWhatIsBuiltOnIt() {
        noClasses().that().resideInAPackage("maw.runtime..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.config..", "maw.bench..",
                        "maw.game..", "maw.agents..", "maw.llm..")
                .check(MAW);
    }

    @Test
    void onlyTheXmppTransportTouchesSmack() {
        noClasses().that().resideInAnyPackage("maw..").and().resideOutsideOfPackages("maw.runtime.xmpp..",
                        "maw.bench..")
                .should().dependOnClassesThat().resideInAnyPackage("org.jivesoftware..", "org.jxmpp..")
                .check(MAW);
    }

    @Test
    void theAgentsNeverReachBackIntoTheCommandLine() {
        noClasses().that().resideInAnyPackage("maw.agents..", "maw.game..", "maw.runtime..", "maw.llm..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.bench..")
                .check(MAW);
    }

    @Test
    void theAgentsBaseKnowsNoAgentKind() {
        noClasses().that().resideInAPackage("maw.agents")
                .should().dependOnClassesThat().resideInAPackage("maw.agents.*..")
                .check(MAW);
    }

    @Test
    void theAgentKindsDoNotDependOnEachOtherInACycle() {
        slices().matching("maw.agents.(*)..").should().beFreeOfCycles().check(MAW);
    }

    @Test
    void configurationDoesNotReachIntoTheCommandLine() {
        noClasses().that().resideInAPackage("maw.config..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.bench..")
                .check(MAW);
    }
}
