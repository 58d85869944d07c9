package maw;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The shape of MAW's sources as the JDK's own parser reads them, for the rules that replace a cap on a file's lines:
 * how long each method's body is (the bodies of classes declared inside it, anonymous ones too, are their own methods'),
 * and how many of MAW's packages each file reaches into besides its own (its imports: each package a class depends on
 * is a reason for it to change).
 */
final class SourceShape {

    /** A method: where it is, and how many lines its body takes. */
    record Method(String where, long lines) {}

    /** A file, and the MAW packages it imports from (its own package apart). */
    record Reach(String file, TreeSet<String> packages) {}

    private final List<CompilationUnitTree> units;
    private final Trees trees;

    private SourceShape(List<? extends JavaFileObject> sources) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, null);
        JavacTask task = (JavacTask) javac.getTask(null, files, null, List.of("-proc:none"), null, sources);
        this.trees = Trees.instance(task);
        List<CompilationUnitTree> parsed = new ArrayList<>();
        task.parse().forEach(parsed::add);
        this.units = parsed;
    }

    /** The shape of these source files. */
    static SourceShape of(List<Path> paths) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, null);
        List<JavaFileObject> sources = new ArrayList<>();
        files.getJavaFileObjectsFromPaths(paths).forEach(sources::add);
        return new SourceShape(sources);
    }

    /** The shape of sources given as text, by file name (a planted violation). */
    static SourceShape ofText(Map<String, String> texts) throws IOException {
        List<JavaFileObject> sources = new ArrayList<>();
        texts.forEach((name, text) -> sources.add(new SimpleJavaFileObject(URI.create("string:///" + name),
                JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        }));
        return new SourceShape(sources);
    }

    /** Every method and constructor with a body, longest first. */
    List<Method> methods() {
        List<Method> out = new ArrayList<>();
        SourcePositions at = trees.getSourcePositions();
        for (CompilationUnitTree unit : units) {
            LineMap lines = unit.getLineMap();
            String file = Path.of(unit.getSourceFile().toUri().getPath()).getFileName().toString();
            new TreeScanner<Void, Void>() {
                @Override
                public Void visitMethod(MethodTree m, Void v) {
                    if (m.getBody() != null) {
                        long span = lines.getLineNumber(at.getEndPosition(unit, m.getBody()))
                                - lines.getLineNumber(at.getStartPosition(unit, m.getBody())) + 1;
                        long[] inner = {0};
                        new TreeScanner<Void, Void>() {
                            @Override
                            public Void visitClass(ClassTree c, Void x) {
                                inner[0] += lines.getLineNumber(at.getEndPosition(unit, c))
                                        - lines.getLineNumber(at.getStartPosition(unit, c)) + 1;
                                return null;
                            }
                        }.scan(m.getBody(), null);
                        out.add(new Method(file + " " + m.getName(), span - inner[0]));
                    }
                    return super.visitMethod(m, v);
                }
            }.scan(unit, null);
        }
        out.sort((a, b) -> Long.compare(b.lines(), a.lines()));
        return out;
    }

    /** Each file and the MAW packages it reaches into, most first. */
    List<Reach> reach() {
        List<Reach> out = new ArrayList<>();
        for (CompilationUnitTree unit : units) {
            String own = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
            TreeSet<String> packages = new TreeSet<>();
            for (ImportTree i : unit.getImports()) {
                String name = i.getQualifiedIdentifier().toString();
                if (!name.startsWith("maw.")) {
                    continue;
                }
                String p = name.substring(0, name.lastIndexOf('.'));
                if (i.isStatic() || Character.isUpperCase(p.substring(p.lastIndexOf('.') + 1).charAt(0))) {
                    // A static import, or a nested type's: its package is the one above its top-level type.
                    while (p.contains(".") && Character.isUpperCase(p.substring(p.lastIndexOf('.') + 1).charAt(0))) {
                        p = p.substring(0, p.lastIndexOf('.'));
                    }
                }
                if (!p.equals(own)) {
                    packages.add(p);
                }
            }
            out.add(new Reach(Path.of(unit.getSourceFile().toUri().getPath()).getFileName().toString(), packages));
        }
        out.sort((a, b) -> Integer.compare(b.packages().size(), a.packages().size()));
        return out;
    }

    /** The longest methods, as "file method (n lines)", over {@code most} lines. */
    static List<String> over(List<Method> methods, long most) {
        return methods.stream().filter(m -> m.lines() > most).map(m -> m.where() + " (" + m.lines() + " lines)")
                .toList();
    }

    /** The files that reach into more than {@code most} MAW packages, with them. */
    static Map<String, TreeSet<String>> reachingOver(List<Reach> reach, int most) {
        Map<String, TreeSet<String>> out = new TreeMap<>();
        reach.stream().filter(r -> r.packages().size() > most).forEach(r -> out.put(r.file(), r.packages()));
        return out;
    }
}
