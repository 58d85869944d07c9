package maw;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The dependency rules of the design: the layers (vocabulary, runtime, rules, models, settings, agents, gateways, the
 * web monitor, the application's services, then the command line and the benches), no cycle among any of MAW's packages, the rules pure,
 * the runtime knowing nothing above it. Each rule holds for MAW's classes and is shown to fail on a violation planted
 * for it in the test sources (the {@code Planted*} classes, which nothing uses). (That the llm and base modules depend
 * on nothing of this one needs no test: Maven's module graph does not let them.)
 */
class ArchitectureTest {

    private static final JavaClasses MAW = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("maw");

    /** Every rule by name, with the planted classes that break it. */
    private static final Map<String, ArchRule> RULES = new LinkedHashMap<>();
    private static final Map<String, List<String>> PLANTED = new LinkedHashMap<>();

    private static void rule(String name, ArchRule rule, String... planted) {
        RULES.put(name, rule);
        PLANTED.put(name, List.of(planted));
    }

    static {
        rule("the vocabulary depends on nothing but the JDK", classes().that().resideInAPackage("maw.base..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("maw.base..", "java.."),
                "maw.base.PlantedDependency");
        rule("MAW's rules depend on nothing but the vocabulary and the JDK", classes().that()
                .resideInAPackage("maw.game..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("maw.game..", "maw.base..", "java.."),
                "maw.game.PlantedImpurity");
        rule("the AIWolf protocol is pure JDK without input or output", classes().that()
                .resideInAPackage("maw.aiwolf.protocol..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("maw.aiwolf.protocol..", "java.lang..", "java.util.."),
                "maw.aiwolf.protocol.PlantedOutput");
        rule("the AIWolf rules are pure like MAW's own", classes().that().resideInAPackage("maw.aiwolf.game..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("maw.aiwolf.game..", "maw.aiwolf.protocol..",
                        "maw.game..", "maw.base..", "java.."),
                "maw.aiwolf.game.PlantedImpurity");
        rule("the AIWolf bots and the game's narration and log are pure like the rules they read", classes().that()
                .resideInAnyPackage("maw.aiwolf.bots..", "maw.aiwolf.log..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("maw.aiwolf.bots..", "maw.aiwolf.log..", "maw.aiwolf.game..",
                        "maw.aiwolf.protocol..", "maw.game..", "maw.base..", "java.."),
                "maw.aiwolf.bots.PlantedImpurity");
        rule("the runtime knows nothing of what is built on it", noClasses().that().resideInAPackage("maw.runtime..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.config..", "maw.bench..",
                        "maw.game..", "maw.agents..", "maw.llm.."),
                "maw.runtime.PlantedReachUp");
        rule("only the XMPP transport touches Smack", noClasses().that().resideInAnyPackage("maw..").and()
                .resideOutsideOfPackages("maw.runtime.xmpp..", "maw.bench..").should().dependOnClassesThat()
                .resideInAnyPackage("org.jivesoftware..", "org.jxmpp.."),
                "maw.agents.PlantedReachBack");
        rule("the agents never reach back into the command line", noClasses().that()
                .resideInAnyPackage("maw.agents..", "maw.game..", "maw.runtime..", "maw.llm..").should()
                .dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.bench.."),
                "maw.agents.PlantedReachBack");
        rule("the agents' base knows no agent kind", noClasses().that().resideInAPackage("maw.agents").should()
                .dependOnClassesThat().resideInAPackage("maw.agents.*.."),
                "maw.agents.PlantedReachBack");
        rule("the agent kinds do not depend on each other in a cycle", slices().matching("maw.agents.(*)..")
                .should().beFreeOfCycles(),
                "maw.agents.bot.PlantedCycle", "maw.agents.human.PlantedCycle");
        rule("the settings do not reach into the command line", noClasses().that().resideInAPackage("maw.config..")
                .should().dependOnClassesThat().resideInAnyPackage("maw.cli..", "maw.bench.."),
                "maw.config.PlantedReachBack");
        rule("the agents know no rule set but through its plug-ins (Variant, Herald, SeatKit, Narrator)",
                noClasses().that().resideInAPackage("maw.agents..").should().dependOnClassesThat()
                        .resideInAPackage("maw.aiwolf.."),
                "maw.agents.player.PlantedRuleSet");
        rule("the gateways' core knows no protocol: TCP and the WebSocket sit beside it", noClasses().that()
                .resideInAnyPackage("maw.aiwolf.link..", "maw.aiwolf.client..").should().dependOnClassesThat()
                .resideInAnyPackage("maw.aiwolf.tcp..", "maw.aiwolf.nlp.."),
                "maw.aiwolf.link.PlantedProtocol");
        rule("no cycle among any of MAW's packages", slices().matching("maw.(**)").should().beFreeOfCycles(),
                "maw.agents.gamemaster.PlantedCycle", "maw.aiwolf.tcp.PlantedCycle");
        rule("the command line parses and prints: the application plays, seats, journals, serves and connects",
                noClasses().that().resideInAPackage("maw.cli..").should().dependOnClassesThat()
                        .resideInAnyPackage("maw.runtime.xmpp..", "maw.runtime.local..", "maw.agents.chatroom..",
                                "maw.agents.player..", "maw.aiwolf.tcp..", "maw.aiwolf.nlp..", "maw.aiwolf.link..",
                                "maw.aiwolf.client..")
                        .orShould().dependOnClassesThat().haveFullyQualifiedName("maw.agents.gamemaster.Journal")
                        .orShould().dependOnClassesThat().haveFullyQualifiedName("maw.agents.table.Listeners")
                        .orShould().dependOnClassesThat().haveFullyQualifiedName("maw.agents.gamemaster.ConsoleView"),
                "maw.cli.PlantedPlay");
        rule("each layer uses only those below it", layers(),
                "maw.aiwolf.tcp.PlantedCycle", "maw.runtime.PlantedReachUp");
    }

    /** The layers, lowest first: each may use those below it and none above. */
    static LayeredArchitecture layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("vocabulary").definedBy("maw.base..")
                .layer("runtime").definedBy("maw.runtime..")
                .layer("rules").definedBy("maw.game..", "maw.aiwolf.game..", "maw.aiwolf.protocol..",
                        "maw.aiwolf.bots..", "maw.aiwolf.log..")
                .layer("models").definedBy("maw.llm..")
                .layer("settings").definedBy("maw.config..")
                .layer("agents").definedBy("maw.agents..")
                .layer("gateways").definedBy("maw.aiwolf", "maw.aiwolf.catalog..", "maw.aiwolf.seat..",
                        "maw.aiwolf.link..", "maw.aiwolf.client..", "maw.aiwolf.tcp..", "maw.aiwolf.nlp..",
                        "maw.aiwolf.gateways..")
                .layer("web monitor").definedBy("maw.web..")
                .layer("application").definedBy("maw.app..", "maw.tournament..")
                .layer("front ends").definedBy("maw.cli..", "maw.bench..")
                .whereLayer("front ends").mayNotBeAccessedByAnyLayer()
                .whereLayer("application").mayOnlyBeAccessedByLayers("front ends")
                .whereLayer("web monitor").mayOnlyBeAccessedByLayers("application", "front ends")
                .whereLayer("gateways").mayOnlyBeAccessedByLayers("application", "front ends")
                .whereLayer("agents").mayOnlyBeAccessedByLayers("gateways", "web monitor", "application",
                        "front ends")
                .whereLayer("settings").mayOnlyBeAccessedByLayers("agents", "gateways", "web monitor", "application",
                        "front ends")
                .whereLayer("models").mayOnlyBeAccessedByLayers("agents", "gateways", "web monitor", "application",
                        "front ends", "settings")
                .whereLayer("rules").mayOnlyBeAccessedByLayers("agents", "gateways", "web monitor", "application",
                        "front ends", "models", "settings")
                .whereLayer("runtime").mayOnlyBeAccessedByLayers("agents", "gateways", "web monitor", "application",
                        "front ends", "settings");
    }

    /** The longest a class of the main sources may be: a class longer than this does more than one job. */
    static final int MOST_LINES = 600;

    @Test
    void noMainClassIsLongerThanItsJobs() throws IOException {
        List<String> long_ = new ArrayList<>();
        for (String module : List.of("base", "llm", "agents")) {
            try (Stream<Path> files = Files.walk(TestXmpp.home().resolve(module).resolve("src/main/java"))) {
                for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                    long lines = Files.readAllLines(f).size();
                    if (lines > MOST_LINES) {
                        long_.add(f.getFileName() + " (" + lines + " lines)");
                    }
                }
            }
        }
        assertThat(long_).as("main classes over %d lines", MOST_LINES).isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> everyRuleHoldsForMaw() {
        return RULES.entrySet().stream().map(r -> DynamicTest.dynamicTest(r.getKey(), () -> r.getValue().check(MAW)));
    }

    @TestFactory
    Stream<DynamicTest> everyRuleFailsOnItsPlantedViolation() throws ClassNotFoundException {
        List<DynamicTest> out = new ArrayList<>();
        for (Map.Entry<String, ArchRule> r : RULES.entrySet()) {
            List<Class<?>> planted = new ArrayList<>();
            for (String name : PLANTED.get(r.getKey())) {
                planted.add(Class.forName(name));
            }
            JavaClasses classes = new ClassFileImporter().importClasses(planted);
            out.add(DynamicTest.dynamicTest(r.getKey(), () -> assertThatThrownBy(() -> r.getValue().check(classes))
                    .as("%s must catch %s", r.getKey(), PLANTED.get(r.getKey())).isInstanceOf(AssertionError.class)));
        }
        return out.stream();
    }
}
