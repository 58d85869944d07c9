package maw.agents.bot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import maw.agents.SeatCatalog;
import maw.base.SeatView;

/**
 * How a pack of bots agrees on the night's victim without a leader's word lost: a pack-mate's proposal read from its
 * quoted words, and the draw every bot of the pack makes alike.
 */
final class PackNight {

    private PackNight() {}

    /**
     * The victim a pack-mate named tonight: the last line of a mate that names exactly one valid victim. Lines before
     * the night fell (what was said by day and not yet read) are not proposals.
     */
    static String proposalInWords(List<String> heardLines, SeatView v, List<String> mates) {
        String found = null;
        List<String> lines = heardLines;
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("Night " + v.day() + " falls")) {
                lines = lines.subList(i + 1, lines.size());
                break;
            }
        }
        for (String line : lines) {
            String[] words = maw.agents.Text.unsaid(line);
            if (words == null || !mates.contains(words[0])) {
                continue;
            }
            String said = " " + words[1].toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ")
                    + " ";
            List<String> named = v.valid_targets().stream()
                    .filter(t -> said.contains(" " + t.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ")
                            .strip() + " "))
                    .toList();
            if (named.size() == 1) {
                found = named.get(0);
            }
        }
        return found;
    }

    /**
     * The pack's victim as every bot of the pack would pick it: from the pack and the night alone (not from the bot's
     * own seed), so that whichever bot proposes first, and however the messages are timed, the pack agrees.
     */
    static String pick(int round, SeatView v) {
        List<String> pack = new ArrayList<>(v.partners() == null ? List.of() : v.partners());
        pack.add(v.you());
        pack.sort(null);
        List<String> victims = v.valid_targets().stream().sorted().toList();
        SplittableRandom r = new SplittableRandom(String.join(",", pack).hashCode() * 0x9E3779B97F4A7C15L
                ^ (round * 1_000_003L) ^ (v.day() * 7919L));
        return victims.get(r.nextInt(victims.size()));
    }
}
