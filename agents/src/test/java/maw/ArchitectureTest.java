package maw;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The dependency rules of the design: cli -> agents -> game, runtime, llm; the runtime knows nothing above it. */
class ArchitectureTest {

    private static final JavaClasses MAW = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("maw");

    @Test
    void theRuntimeKnowsNothingOfWhatIsBuiltOnIt() {
        noClasses().that().resideInAPackage("maw.runtime..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.config..", "maw.bench..",
                        "maw.game..", "maw.agents..", "maw.aiwolf..", "maw.llm..")
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
    void theLanguageModelModuleStandsAlone() {
        noClasses().that().resideInAPackage("maw.llm..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.runtime..", "maw.cli..", "maw.config..",
                        "maw.game..", "maw.agents..")
                .check(MAW);
    }

    @Test
    void configurationDoesNotReachIntoTheCommandLine() {
        noClasses().that().resideInAPackage("maw.config..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.bench..")
                .check(MAW);
    }
}
