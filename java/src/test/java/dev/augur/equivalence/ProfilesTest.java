package dev.augur.equivalence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.AugurException;
import dev.augur.Engine;
import dev.augur.OptionInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Profiles made from the native engine's option list: every switch is covered, nothing else. */
@Tag("native")
class ProfilesTest {
    private static List<OptionInfo> options;
    private static Profiles profiles;

    @BeforeAll
    static void readOptions() throws AugurException {
        options = NativeSide.options();
        profiles = Profiles.fromOptions(options);
    }

    @Test
    void everySwitchOnByDefaultHasAProfileTurningItOff() {
        int switches = 0;
        for (OptionInfo option : options) {
            boolean isSwitch = option.type() == OptionInfo.Type.CHECK && option.defaultValue().equals("true");
            if (!isSwitch) continue;
            switches++;
            Profile off = profiles.byName("no-" + option.name());
            assertEquals(Map.of(option.name(), "false"), off.options());
        }
        assertEquals(switches, profiles.searchOff().size() + profiles.evalOff().size());
        assertTrue(profiles.searchOff().size() >= 14, "search switches: " + profiles.searchOff().size());
        assertTrue(profiles.evalOff().stream().anyMatch(p -> p.name().equals("no-Eval_EndgameScaling")));
        assertThrows(IllegalArgumentException.class, () -> profiles.byName("no-Ponder"));
    }

    @Test
    void plainTurnsOffEverySearchSwitchAndNoEvaluationTerm() {
        Map<String, String> plain = profiles.byName("plain").options();
        assertEquals(profiles.searchOff().size(), plain.size());
        for (Profile off : profiles.searchOff()) {
            String option = off.options().keySet().iterator().next();
            assertEquals("false", plain.get(option));
        }
        assertFalse(plain.keySet().stream().anyMatch(name -> name.startsWith("Eval_")));
    }

    @Test
    void groupsExpandInOrderWithoutRepeats() {
        List<Profile> chosen = profiles.expand(List.of("default", "core", "hash1"));
        assertEquals(List.of("default", "hash1", "multipv3", "weak", "weak2400"), chosen.stream().map(Profile::name).toList());
        assertEquals(profiles.all(), profiles.expand(List.of("all", "plain")));
        assertEquals(profiles.searchOff().size() + profiles.evalOff().size(),
                profiles.expand(List.of("search-off", "eval-off")).size());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> profiles.expand(List.of("no-Such")));
        assertTrue(unknown.getMessage().contains("no-NullMove"), unknown.getMessage());
    }

    @Test
    void theNativeEngineTakesEveryProfile() throws AugurException {
        for (Profile profile : profiles.all()) {
            try (Engine engine = new Engine()) {
                for (Map.Entry<String, String> option : profile.options().entrySet()) {
                    engine.setOption(option.getKey(), option.getValue());
                    assertEquals(option.getValue(), engine.getOption(option.getKey()));
                }
            }
        }
    }
}
