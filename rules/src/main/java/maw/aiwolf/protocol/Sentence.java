package maw.aiwolf.protocol;

import java.util.List;
import java.util.Objects;
import maw.aiwolf.protocol.Words.RoleWord;
import maw.aiwolf.protocol.Words.SpeciesWord;
import maw.aiwolf.protocol.Words.Subject;
import maw.aiwolf.protocol.Words.TalkRef;
import maw.aiwolf.protocol.Words.Target;

/**
 * A sentence of the AIWolf protocol: one of the 13 sentence types, Skip or Over, or one of the 8 operators framing
 * other sentences. Every sentence has a subject ({@link Words.Unspec#UNSPEC} when omitted). {@link Protocol#write}
 * gives the canonical text, {@link Protocol#parse} reads it back to an equal sentence.
 */
public sealed interface Sentence {

    Subject subject();

    /** This sentence with another subject. */
    Sentence withSubject(Subject s);

    /** The sentences this one frames (none for a simple sentence). */
    default List<Sentence> clauses() {
        return List.of();
    }

    /** The keyword: the verb, the operator, or Skip and Over. */
    String keyword();

    // --- conversation control ---------------------------------------------------------------------------------------

    /** "I have nothing to say now": stands alone (in version 2.01 also as {@code [subject] SKIP} in a REQUEST). */
    record Skip(Subject subject) implements Sentence {
        public Skip {
            Objects.requireNonNull(subject, "subject");
        }

        public Skip() {
            this(Words.Unspec.UNSPEC);
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Skip(s);
        }

        @Override
        public String keyword() {
            return "Skip";
        }
    }

    /** "I have nothing else to say": stands alone (in version 2.01 also as {@code [subject] OVER} in a REQUEST). */
    record Over(Subject subject) implements Sentence {
        public Over {
            Objects.requireNonNull(subject, "subject");
        }

        public Over() {
            this(Words.Unspec.UNSPEC);
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Over(s);
        }

        @Override
        public String keyword() {
            return "Over";
        }
    }

    // --- knowledge or intent ----------------------------------------------------------------------------------------

    /** {@code [subject] ESTIMATE [target] [role]}: the subject suggests the target's role is the role. */
    record Estimate(Subject subject, Target target, RoleWord role) implements Sentence {
        public Estimate {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(role, "role");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Estimate(s, target, role);
        }

        @Override
        public String keyword() {
            return "ESTIMATE";
        }
    }

    /** {@code [subject] COMINGOUT [target] [role]}: the subject states the target's role is the role. */
    record Comingout(Subject subject, Target target, RoleWord role) implements Sentence {
        public Comingout {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(role, "role");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Comingout(s, target, role);
        }

        @Override
        public String keyword() {
            return "COMINGOUT";
        }
    }

    // --- actions ----------------------------------------------------------------------------------------------------

    /** The sentences of a verb and a target only: DIVINATION, GUARD, VOTE, ATTACK, GUARDED, VOTED, ATTACKED. */
    sealed interface Targeted extends Sentence permits Divination, Guard, Vote, Attack, Guarded, Voted, Attacked {
        Target target();

        /** The sentence of {@code verb} (DIVINATION, GUARD, ...), or null if it is not one of these verbs. */
        static Targeted of(String verb, Subject subject, Target target) {
            return switch (verb) {
                case "DIVINATION" -> new Divination(subject, target);
                case "GUARD" -> new Guard(subject, target);
                case "VOTE" -> new Vote(subject, target);
                case "ATTACK" -> new Attack(subject, target);
                case "GUARDED" -> new Guarded(subject, target);
                case "VOTED" -> new Voted(subject, target);
                case "ATTACKED" -> new Attacked(subject, target);
                default -> null;
            };
        }
    }

    /** {@code [subject] DIVINATION [target]}: the subject divines the target. */
    record Divination(Subject subject, Target target) implements Targeted {
        public Divination {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Divination(s, target);
        }

        @Override
        public String keyword() {
            return "DIVINATION";
        }
    }

    /** {@code [subject] GUARD [target]}: the subject guards the target. */
    record Guard(Subject subject, Target target) implements Targeted {
        public Guard {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Guard(s, target);
        }

        @Override
        public String keyword() {
            return "GUARD";
        }
    }

    /** {@code [subject] VOTE [target]}: the subject votes on the target. */
    record Vote(Subject subject, Target target) implements Targeted {
        public Vote {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Vote(s, target);
        }

        @Override
        public String keyword() {
            return "VOTE";
        }
    }

    /** {@code [subject] ATTACK [target]}: the subject attacks the target. */
    record Attack(Subject subject, Target target) implements Targeted {
        public Attack {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Attack(s, target);
        }

        @Override
        public String keyword() {
            return "ATTACK";
        }
    }

    /** {@code [subject] GUARDED [target]}: the subject guarded the target. */
    record Guarded(Subject subject, Target target) implements Targeted {
        public Guarded {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Guarded(s, target);
        }

        @Override
        public String keyword() {
            return "GUARDED";
        }
    }

    /** {@code [subject] VOTED [target]}: the subject voted on the target (3.6). */
    record Voted(Subject subject, Target target) implements Targeted {
        public Voted {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Voted(s, target);
        }

        @Override
        public String keyword() {
            return "VOTED";
        }
    }

    /** {@code [subject] ATTACKED [target]}: the subject attacked the target (3.6). */
    record Attacked(Subject subject, Target target) implements Targeted {
        public Attacked {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Attacked(s, target);
        }

        @Override
        public String keyword() {
            return "ATTACKED";
        }
    }

    /** {@code [subject] DIVINED [target] [species]}: the seer's result on a living target. */
    record Divined(Subject subject, Target target, SpeciesWord species) implements Sentence {
        public Divined {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(species, "species");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Divined(s, target, species);
        }

        @Override
        public String keyword() {
            return "DIVINED";
        }
    }

    /** {@code [subject] IDENTIFIED [target] [species]}: the medium's result on a dead target (INQUESTED before 2017). */
    record Identified(Subject subject, Target target, SpeciesWord species) implements Sentence {
        public Identified {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(species, "species");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Identified(s, target, species);
        }

        @Override
        public String keyword() {
            return "IDENTIFIED";
        }
    }

    /** {@code [subject] AGREE [talk number]}. */
    record Agree(Subject subject, TalkRef talk) implements Sentence {
        public Agree {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(talk, "talk");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Agree(s, talk);
        }

        @Override
        public String keyword() {
            return "AGREE";
        }
    }

    /** {@code [subject] DISAGREE [talk number]}. */
    record Disagree(Subject subject, TalkRef talk) implements Sentence {
        public Disagree {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(talk, "talk");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Disagree(s, talk);
        }

        @Override
        public String keyword() {
            return "DISAGREE";
        }
    }

    // --- operators --------------------------------------------------------------------------------------------------

    /**
     * {@code [subject] REQUEST [target] ([sentence])}: the subject asks the target to act by the sentence. In version
     * 2.01 REQUEST names no target ({@code target} is null): {@code REQUEST ([subject] VERB ...)}.
     */
    record Request(Subject subject, Target target, Sentence body) implements Sentence {
        public Request {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(body, "body");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Request(s, target, body);
        }

        @Override
        public List<Sentence> clauses() {
            return List.of(body);
        }

        @Override
        public String keyword() {
            return "REQUEST";
        }
    }

    /** {@code [subject] INQUIRE [target] ([sentence])}: the subject asks the target about the sentence. */
    record Inquire(Subject subject, Target target, Sentence body) implements Sentence {
        public Inquire {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(body, "body");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Inquire(s, target, body);
        }

        @Override
        public List<Sentence> clauses() {
            return List.of(body);
        }

        @Override
        public String keyword() {
            return "INQUIRE";
        }
    }

    /** {@code [subject] BECAUSE ([reason]) ([claim])}. */
    record Because(Subject subject, Sentence reason, Sentence claim) implements Sentence {
        public Because {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(claim, "claim");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Because(s, reason, claim);
        }

        @Override
        public List<Sentence> clauses() {
            return List.of(reason, claim);
        }

        @Override
        public String keyword() {
            return "BECAUSE";
        }
    }

    /** {@code [subject] DAY [day] ([sentence])}: the sentence took place on that day. */
    record Day(Subject subject, int day, Sentence body) implements Sentence {
        public Day {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(body, "body");
            if (day < 0 || day > Words.MAX_DAY) {
                throw new IllegalArgumentException("a day is 0 to " + Words.MAX_DAY + ": " + day);
            }
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Day(s, day, body);
        }

        @Override
        public List<Sentence> clauses() {
            return List.of(body);
        }

        @Override
        public String keyword() {
            return "DAY";
        }
    }

    /** {@code [subject] NOT ([sentence])}. */
    record Not(Subject subject, Sentence body) implements Sentence {
        public Not {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(body, "body");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Not(s, body);
        }

        @Override
        public List<Sentence> clauses() {
            return List.of(body);
        }

        @Override
        public String keyword() {
            return "NOT";
        }
    }

    /** {@code [subject] AND ([s1]) ([s2]) ...}: all are true (two clauses or more). */
    record And(Subject subject, List<Sentence> clauses) implements Sentence {
        public And {
            Objects.requireNonNull(subject, "subject");
            clauses = List.copyOf(clauses);
            if (clauses.size() < 2) {
                throw new IllegalArgumentException("AND joins two sentences or more");
            }
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new And(s, clauses);
        }

        @Override
        public String keyword() {
            return "AND";
        }
    }

    /** {@code [subject] OR ([s1]) ([s2]) ...}: at least one is true (two clauses or more). */
    record Or(Subject subject, List<Sentence> clauses) implements Sentence {
        public Or {
            Objects.requireNonNull(subject, "subject");
            clauses = List.copyOf(clauses);
            if (clauses.size() < 2) {
                throw new IllegalArgumentException("OR joins two sentences or more");
            }
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Or(s, clauses);
        }

        @Override
        public String keyword() {
            return "OR";
        }
    }

    /** {@code [subject] XOR ([s1]) ([s2])}: exactly one of the two is true. */
    record Xor(Subject subject, Sentence first, Sentence second) implements Sentence {
        public Xor {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(first, "first");
            Objects.requireNonNull(second, "second");
        }

        @Override
        public Sentence withSubject(Subject s) {
            return new Xor(s, first, second);
        }

        @Override
        public List<Sentence> clauses() {
            return List.of(first, second);
        }

        @Override
        public String keyword() {
            return "XOR";
        }
    }
}
