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
 * for it in the test sources (the {@code Planted*} classes, which nothing uses). The Maven modules are the layers: each
 * module holds its layer's packages, and a class planted in a module that names a layer above it does not compile.
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

    /** The longest a method's body may be, in lines: a longer one does more than one step of work. */
    static final int MOST_METHOD_LINES = 100;

    /**
     * How many of MAW's packages a main source file may reach into besides its own: each is a reason for it to change,
     * and a file that needs more does more than one job.
     */
    static final int MOST_PACKAGES = 12;

    /** The Maven modules, as the parent pom lists them (lowest layer first). */
    static final List<String> MODULES = modules();

    static List<String> modules() {
        try {
            return java.util.regex.Pattern.compile("<module>([^<]+)</module>")
                    .matcher(Files.readString(TestXmpp.home().resolve("pom.xml"))).results().map(m -> m.group(1))
                    .toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Each module's packages: the module is the layer (ArchitectureTest's) that the build states. */
    static final Map<String, List<String>> MODULE_PACKAGES = new LinkedHashMap<>();

    static {
        MODULE_PACKAGES.put("base", List.of("maw.base"));
        MODULE_PACKAGES.put("runtime", List.of("maw.runtime", "org.jivesoftware.smack.util"));
        MODULE_PACKAGES.put("rules", List.of("maw.game", "maw.aiwolf.game", "maw.aiwolf.protocol", "maw.aiwolf.bots",
                "maw.aiwolf.log"));
        MODULE_PACKAGES.put("test-fixtures", List.of("maw.llm.standin", "maw.fixtures"));
        MODULE_PACKAGES.put("llm", List.of("maw.llm"));
        MODULE_PACKAGES.put("config", List.of("maw.config"));
        MODULE_PACKAGES.put("agents", List.of("maw.agents"));
        MODULE_PACKAGES.put("gateways", List.of("maw.aiwolf"));
        MODULE_PACKAGES.put("web", List.of("maw.web"));
        MODULE_PACKAGES.put("app", List.of("maw.app", "maw.tournament"));
        MODULE_PACKAGES.put("bench", List.of("maw.bench"));
        MODULE_PACKAGES.put("cli", List.of("maw.cli"));
    }

    /** The package's module: the one naming the longest prefix of it. */
    static String moduleOf(String pkg) {
        String best = null;
        int length = -1;
        for (Map.Entry<String, List<String>> m : MODULE_PACKAGES.entrySet()) {
            for (String prefix : m.getValue()) {
                if ((pkg.equals(prefix) || pkg.startsWith(prefix + ".")) && prefix.length() > length) {
                    best = m.getKey();
                    length = prefix.length();
                }
            }
        }
        return best;
    }

    @Test
    void eachModuleHoldsItsLayersPackages() throws IOException {
        assertThat(MODULES).as("the parent pom's modules").containsExactlyInAnyOrderElementsOf(MODULE_PACKAGES.keySet());
        List<String> astray = new ArrayList<>();
        for (String module : MODULES) {
            Path root = TestXmpp.home().resolve(module).resolve("src/main/java");
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                    String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
                    if (!module.equals(moduleOf(pkg))) {
                        astray.add(module + ": " + root.relativize(f) + " (belongs in " + moduleOf(pkg) + ")");
                    }
                }
            }
        }
        assertThat(astray).as("classes in another layer's module").isEmpty();
    }

    /**
     * The modules hold the layers: a class of a module cannot name a class of a layer above it, for the build does
     * not give it that layer (a planted reach up, compiled against the module's own class path, fails), while the
     * same source compiles against the command line's class path (which has every layer).
     */
    @TestFactory
    Stream<DynamicTest> aModuleCannotReachTheLayersAboveIt() {
        Map<String, String> reaches = new LinkedHashMap<>();
        reaches.put("base", "maw.game.maw.MawRules");
        reaches.put("runtime", "maw.base.Act");
        reaches.put("rules", "maw.runtime.Message");
        reaches.put("llm", "maw.game.maw.MawRules");
        reaches.put("config", "maw.agents.Catalog");
        reaches.put("agents", "maw.aiwolf.link.Gateway");
        reaches.put("gateways", "maw.web.WebMonitor");
        reaches.put("web", "maw.app.Accounts");
        reaches.put("app", "maw.bench.AiwolfBench");
        reaches.put("bench", "maw.cli.Main");
        return reaches.entrySet().stream().map(r -> DynamicTest.dynamicTest(r.getKey() + " cannot use " + r.getValue(),
                () -> {
                    assertThat(compiles(r.getValue(), "cli")).as("%s against every layer", r.getValue()).isEmpty();
                    assertThat(compiles(r.getValue(), r.getKey())).as("%s in module %s", r.getValue(), r.getKey())
                            .contains("does not exist");
                }));
    }

    /** Compiles a planted class naming {@code target} against the module's class path: the errors, empty if none. */
    static String compiles(String target, String module) throws IOException {
        Path dir = Files.createTempDirectory("maw-planted");
        try {
            Path source = dir.resolve("PlantedReach.java");
            Files.writeString(source, "package maw.planted;\nclass PlantedReach {\n    Class<?> up = " + target
                    + ".class;\n}\n");
            Path classPath = TestXmpp.home().resolve(module).resolve("target/compile-class-path.txt");
            String path = TestXmpp.home().resolve(module).resolve("target/classes") + java.io.File.pathSeparator
                    + Files.readString(classPath).strip();
            java.io.StringWriter errors = new java.io.StringWriter();
            javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
            boolean ok = javac.getTask(errors, null, null, List.of("-proc:none", "-d", dir.toString(), "-cp", path),
                    null, javac.getStandardFileManager(null, null, null).getJavaFileObjects(source)).call();
            return ok ? "" : errors.toString();
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** Every main source file of every module. */
    private static List<Path> mainSources() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String module : MODULES) {
            try (Stream<Path> files = Files.walk(TestXmpp.home().resolve(module).resolve("src/main/java"))) {
                files.filter(x -> x.toString().endsWith(".java")).forEach(out::add);
            }
        }
        return out;
    }

    @Test
    void noMethodIsLongerThanOneStepOfWork() throws IOException {
        assertThat(SourceShape.over(SourceShape.of(mainSources()).methods(), MOST_METHOD_LINES))
                .as("main methods over %d lines", MOST_METHOD_LINES).isEmpty();
    }

    @Test
    void noFileReachesIntoMorePackagesThanOneJobNeeds() throws IOException {
        assertThat(SourceShape.reachingOver(SourceShape.of(mainSources()).reach(), MOST_PACKAGES))
                .as("main files reaching into more than %d of MAW's packages", MOST_PACKAGES).isEmpty();
    }

    /** Both shape rules flag what is planted against them, and only that. */
    @Test
    void theShapeRulesFailOnPlantedViolations() throws IOException {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < MOST_METHOD_LINES - 2; i++) {
            body.append("        x++;\n");
        }
        String fits = "class Fits {\n    int x;\n    void step() {\n" + body + "    }\n"
                + "    Runnable inner() {\n        return new Runnable() {\n            public void run() {\n"
                + body + "            }\n        };\n    }\n}\n";
        String tooLong = "class TooLong {\n    int x;\n    void steps() {\n" + body + "        x++;\n    }\n}\n";
        StringBuilder imports = new StringBuilder("package maw.planted;\n");
        for (int i = 0; i <= MOST_PACKAGES; i++) {
            imports.append("import maw.p").append(i).append(".Type").append(i).append(";\n");
        }
        String reaching = imports + "import maw.planted.Own;\nimport maw.p0.Type0.Nested;\nclass Reaching {}\n";
        SourceShape planted = SourceShape.ofText(Map.of("Fits.java", fits, "TooLong.java", tooLong,
                "Reaching.java", reaching));
        assertThat(SourceShape.over(planted.methods(), MOST_METHOD_LINES)).as("a method one line over, only it")
                .containsExactly("TooLong.java steps (" + (MOST_METHOD_LINES + 1) + " lines)");
        assertThat(SourceShape.reachingOver(planted.reach(), MOST_PACKAGES)).containsOnlyKeys("Reaching.java");
        assertThat(planted.reach().getFirst().packages()).hasSize(MOST_PACKAGES + 1);
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
