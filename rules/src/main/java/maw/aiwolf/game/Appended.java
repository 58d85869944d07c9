package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.List;

/**
 * A list that only grows, whose copies share what they hold in common: the village is copied at every act the rules
 * take (its states never change), and a game's talk, which grows to a thousand utterances and more, would be copied
 * whole each time. A copy costs nothing; adding to a copy whose original has grown meanwhile copies once.
 */
final class Appended<T> {

    private List<T> items;
    private int size;

    Appended() {
        items = new ArrayList<>();
    }

    Appended(Appended<T> o) {
        synchronized (o) {
            items = o.items;
            size = o.size;
        }
    }

    synchronized void add(T item) {
        synchronized (items) {
            if (items.size() != size) {
                items = new ArrayList<>(items.subList(0, size)); // another copy added here first
            }
            items.add(item);
            size++;
        }
    }

    synchronized List<T> list() {
        synchronized (items) {
            return List.copyOf(items.subList(0, size));
        }
    }
}
