package maw.runtime.xmpp;

import java.util.LinkedHashMap;
import java.util.Map;

/** The last {@code capacity} ids seen, oldest forgotten first. */
final class RecentIds {

    private final Map<String, Boolean> ids;

    RecentIds(int capacity) {
        this.ids = new LinkedHashMap<>(capacity * 2, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Remembers the id; false if it was already remembered. */
    synchronized boolean add(String id) {
        return ids.putIfAbsent(id, Boolean.TRUE) == null;
    }
}
