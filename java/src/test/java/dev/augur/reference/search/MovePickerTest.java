package dev.augur.reference.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

/**
 * The move picker's stages and order (movepick.h): completeness, hash move, MVV-LVA, killers,
 * counter-move, history, capture history.
 */
class MovePickerTest {
    static List<Integer> drain(MovePicker picker) {
        List<Integer> out = new ArrayList<>();
        for (int m = picker.next(); m != Move.NONE; m = picker.next()) {
            out.add(m);
            if (out.size() > 2 * MoveList.CAPACITY) {
                throw new AssertionError("the picker does not end");
            }
        }
        return out;
    }

    static List<Integer> order(Position pos, int ttMove, SearchHistory killers, SearchHistory history,
                               boolean quiets, boolean skipLosing) {
        MovePicker picker = new MovePicker();
        picker.reset(pos, ttMove, killers, 0, history, quiets, skipLosing);
        return drain(picker);
    }

    static int[] sorted(MoveList list) {
        int[] codes = list.toArray();
        Arrays.sort(codes);
        return codes;
    }

    static int[] sorted(List<Integer> moves) {
        return moves.stream().mapToInt(Integer::intValue).sorted().toArray();
    }

    static int uci(Position pos, String text) {
        return Uci.parse(pos, text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        Position.START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
        "4k3/8/8/8/1b6/8/2P5/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
    })
    void everyLegalMoveComesExactlyOnceAndQuiescenceGetsTheNoisyOnes(String fen) {
        Position pos = Position.fromFen(fen);
        MoveList all = new MoveList();
        MoveGenerator.generateAll(pos, all);
        assertArrayEquals(sorted(all), sorted(order(pos, Move.NONE, null, null, true, false)));
        int hashMove = all.get(all.size() / 2);
        List<Integer> withHash = order(pos, hashMove, null, null, true, false);
        assertEquals(hashMove, withHash.get(0));
        assertArrayEquals(sorted(all), sorted(withHash));

        MoveList expected = new MoveList();
        MoveGenerator.generate(pos, expected, pos.inCheck() ? MoveGenerator.ALL : MoveGenerator.NOISY);
        assertArrayEquals(sorted(expected), sorted(order(pos, Move.NONE, null, null, false, false)),
            "quiescence: the noisy moves, or every evasion in check");
    }

    @Test
    void anIllegalHashMoveIsIgnoredAndAQuietOneIsIgnoredInQuiescence() {
        Position pos = Position.startPosition();
        int illegal = Move.make(12, 36);  // e2e5
        assertFalse(order(pos, illegal, null, null, true, false).contains(illegal));
        assertEquals(20, order(pos, illegal, null, null, true, false).size());
        int e2e4 = uci(pos, "e2e4");
        assertTrue(order(pos, e2e4, null, null, false, false).isEmpty());
    }

    @Test
    void capturesComeByVictimThenLeastValuableAttackerAndLosingOnesLast() {
        // The rook on d5 can be taken by the pawn and by the queen; the queen can also take the
        // pawn on g6, defended by the pawn on h7: a losing capture.
        Position pos = Position.fromFen("8/k6p/6p1/3r4/2P1Q3/8/8/4K3 w - - 0 1");
        List<Integer> moves = order(pos, Move.NONE, null, null, true, false);
        assertEquals(uci(pos, "c4d5"), moves.get(0));
        assertEquals(uci(pos, "e4d5"), moves.get(1));
        assertEquals(uci(pos, "e4g6"), moves.get(moves.size() - 1), "the losing capture comes after the quiets");
        assertEquals(List.of(uci(pos, "c4d5"), uci(pos, "e4d5"), uci(pos, "e4g6")),
            order(pos, Move.NONE, null, null, false, false));
        assertEquals(List.of(uci(pos, "c4d5"), uci(pos, "e4d5")), order(pos, Move.NONE, null, null, false, true),
            "quiescence with SEE pruning skips the losing capture");
    }

    @Test
    void quietMovesWithoutHistoryComeByCodeAndHistoryReordersThem() {
        Position pos = Position.startPosition();
        List<Integer> plain = order(pos, Move.NONE, null, null, true, false);
        List<Integer> byCode = new ArrayList<>(plain);
        byCode.sort(null);
        assertEquals(byCode, plain, "equal scores: lower code first");

        SearchHistory history = new SearchHistory();
        int g1f3 = uci(pos, "g1f3");
        int a2a3 = uci(pos, "a2a3");
        history.setQuietScore(0, Move.from(g1f3), Move.to(g1f3), 300);
        history.setQuietScore(0, Move.from(a2a3), Move.to(a2a3), -5);
        history.setQuietScore(1, Move.from(byCode.get(0)), Move.to(byCode.get(0)), 9000);  // the other side's
        List<Integer> ordered = order(pos, Move.NONE, null, history, true, false);
        assertEquals(g1f3, ordered.get(0));
        assertEquals(a2a3, ordered.get(ordered.size() - 1));
        assertEquals(byCode.get(0).intValue() == a2a3 ? byCode.get(1) : byCode.get(0), ordered.get(1));
    }

    @Test
    void killersFollowTheGoodCapturesUnlessTheyAreCapturesOrIllegal() {
        Position pos = Position.fromFen("8/k6p/6p1/3r4/2P1Q3/8/8/4K3 w - - 0 1");
        SearchHistory killers = new SearchHistory();
        int kingMove = uci(pos, "e1f2");
        int queenMove = uci(pos, "e4e7");
        killers.setKiller(0, 0, kingMove);
        killers.setKiller(0, 1, queenMove);
        List<Integer> moves = order(pos, Move.NONE, killers, null, true, false);
        assertEquals(List.of(uci(pos, "c4d5"), uci(pos, "e4d5"), kingMove, queenMove), moves.subList(0, 4));
        assertEquals(1, moves.stream().filter(m -> m == kingMove).count());

        killers.setKiller(0, 0, uci(pos, "c4d5"));  // a capture is no killer
        killers.setKiller(0, 1, Move.make(12, 28));  // e2e4: no piece there
        List<Integer> rejected = order(pos, Move.NONE, killers, null, true, false);
        assertEquals(order(pos, Move.NONE, null, null, true, false), rejected);
    }

    @Test
    void theCounterMoveFollowsTheKillersAndCaptureHistoryReordersCaptures() {
        Position pos = Position.fromFen("8/k6p/6p1/3r4/2P1Q3/8/8/4K3 w - - 0 1");
        SearchHistory killers = new SearchHistory();
        int kingMove = uci(pos, "e1f2");
        int queenMove = uci(pos, "e4e7");
        killers.setKiller(0, 0, kingMove);
        NodeHistory node = new NodeHistory();
        node.counterMove = queenMove;
        MovePicker picker = new MovePicker();
        picker.reset(pos, Move.NONE, killers, 0, null, true, false, node);
        List<Integer> moves = drain(picker);
        assertEquals(List.of(uci(pos, "c4d5"), uci(pos, "e4d5"), kingMove, queenMove), moves.subList(0, 4));
        assertEquals(1, moves.stream().filter(m -> m == queenMove).count());

        // The queen's capture of the rook (MVV-LVA 8 * 500 - 5) overtakes the pawn's (8 * 500 - 1)
        // once its history adds more than 4.
        SearchHistory history = new SearchHistory();
        history.updateCapture(pos, uci(pos, "e4d5"), 1600, SearchParams.standard());
        node.reset();
        node.captures = history;
        node.captureDivisor = 32;
        picker.reset(pos, Move.NONE, null, -1, null, false, false, node);
        assertEquals(List.of(uci(pos, "e4d5"), uci(pos, "c4d5"), uci(pos, "e4g6")), drain(picker));
    }

    @Test
    void inCheckEveryEvasionComesEvenInQuiescence() {
        // The bishop checks; c2-c3 blocks: a quiet evasion.
        Position pos = Position.fromFen("4k3/8/8/8/1b6/8/2P5/4K3 w - - 0 1");
        assertTrue(pos.inCheck());
        MoveList all = new MoveList();
        MoveGenerator.generateAll(pos, all);
        assertArrayEquals(sorted(all), sorted(order(pos, Move.NONE, null, null, false, true)));
    }
}
