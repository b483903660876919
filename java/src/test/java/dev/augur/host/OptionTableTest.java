package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.augur.Engine;
import dev.augur.OptionInfo;
import dev.augur.reference.search.OptionSpec;
import dev.augur.reference.search.OptionTable;
import dev.augur.reference.search.TranspositionTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every Java interface to the options against the option table (OptionTable, which the test
 * options-table holds to lib/engine/options.table): the native engine's OptionInfo list through
 * JNI, and the host's UCI listing and XBoard features with either search. The expected lines are
 * written here from the table's fields, apart from the host's formatter.
 */
class OptionTableTest {
    @Test
    void theNativeEngineListsTheTablesEngineOptions() throws Exception {
        try (Engine engine = new Engine()) {
            List<OptionInfo> options = engine.options();
            assertEquals(OptionTable.ENGINE.size(), options.size());
            for (int i = 0; i < options.size(); i++) {
                OptionSpec spec = OptionTable.ENGINE.get(i);
                OptionInfo info = options.get(i);
                assertEquals(spec.name(), info.name());
                assertEquals(spec.type().name(), info.type().name(), spec.name());
                assertEquals(spec.defaultValue(), info.defaultValue(), spec.name());
                assertEquals(spec.min(), info.min(), spec.name());
                assertEquals(spec.max(), info.max(), spec.name());
                assertEquals(spec.choices(), info.choices(), spec.name());
                assertEquals(spec.description(), info.description(), spec.name());
                if (spec.type() != OptionSpec.Type.BUTTON) {
                    assertEquals(spec.defaultValue(), engine.getOption(spec.name()), spec.name());
                }
            }
        }
    }

    @Test
    void theHostsUciListingIsTheTables() throws Exception {
        // The Java reference's table holds at most 8192 MB, and its backend says so.
        record Backend(Backends.BackendFactory factory, int hashMax) {}
        for (Backend backend : List.of(new Backend(NativeBackend::new, 65536),
                new Backend(ReferenceBackend::new, TranspositionTable.MAX_SIZE_MB))) {
            try (ProtocolDriver gui = ProtocolDriver.uci(new UciSession[1], backend.factory())) {
                gui.send("uci");
                List<String> listed = gui.until("uciok").stream().filter(l -> l.startsWith("option ")).toList();
                List<String> expected = new ArrayList<>();
                for (List<OptionSpec> scope : List.of(OptionTable.ENGINE, OptionTable.SESSION, OptionTable.HOST)) {
                    for (OptionSpec spec : scope) expected.add(uciLine(spec, backend.hashMax()));
                }
                assertEquals(expected, listed);
            }
        }
    }

    @Test
    void theHostsXBoardFeaturesAreTheTables() throws Exception {
        try (ProtocolDriver gui = ProtocolDriver.xboard(new XBoardSession[1])) {
            gui.send("xboard", "protover 2");
            List<String> listed =
                    gui.until("feature done=1").stream().filter(l -> l.startsWith("feature option=")).toList();
            List<String> expected = new ArrayList<>();
            for (List<OptionSpec> scope : List.of(OptionTable.ENGINE, OptionTable.HOST)) {
                for (OptionSpec spec : scope) expected.add("feature option=\"" + spec.name() + " -" + xboardTail(spec) + "\"");
            }
            assertEquals(expected, listed);
        }
    }

    @Test
    void xboardsOptionCommandTakesOneAndZeroForChecks() throws Exception {
        XBoardSession[] session = new XBoardSession[1];
        try (ProtocolDriver gui = ProtocolDriver.xboard(session)) {
            gui.send("xboard", "protover 2", "option NullMove=0", "option OwnBook=1", "option BookPolicy=best",
                    "option Clear Hash", "ping 1");
            List<String> lines = gui.until("pong 1");
            assertEquals(List.of(), lines.stream().filter(l -> l.startsWith("Error")).toList());
            gui.send("option BookPolicy=sometimes", "ping 2");
            gui.expect("Error .*option BookPolicy takes best or weighted.*");
        }
    }

    private static String uciLine(OptionSpec spec, int hashMax) {
        String text = "option name " + spec.name() + " type ";
        int max = spec.setting() == OptionSpec.Setting.HASH ? hashMax : spec.max();
        return switch (spec.type()) {
            case CHECK -> text + "check default " + spec.defaultValue();
            case SPIN -> text + "spin default " + spec.defaultValue() + " min " + spec.min() + " max " + max;
            case COMBO -> text + "combo default " + spec.defaultValue() + " var " + String.join(" var ", spec.choices());
            case STRING -> text + "string default " + (spec.defaultValue().isEmpty() ? "<empty>" : spec.defaultValue());
            case BUTTON -> text + "button";
        };
    }

    private static String xboardTail(OptionSpec spec) {
        return switch (spec.type()) {
            case CHECK -> "check " + (spec.defaultValue().equals("true") ? 1 : 0);
            case SPIN -> "spin " + spec.defaultValue() + " " + spec.min() + " " + spec.max();
            case COMBO -> "combo " + String.join(" /// ", spec.choices().stream()
                    .map(c -> c.equals(spec.defaultValue()) ? "*" + c : c).toList());
            case STRING -> "string " + spec.defaultValue();
            case BUTTON -> "button";
        };
    }
}
