package services.review;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import services.text.LookAlikeText;
import services.text.PlainText;
import services.workspace.Workspace;

/**
 * The proposals of a workspace: the skill-proposal files, then the dream's, each parsed once per read. One id names
 * one proposal: a later file with an id an earlier one has is listed with that problem and cannot be decided.
 */
final class ProposalCatalog {

    /** Parses one proposal file. */
    interface Reader {
        Proposal parse(Path file, Proposal.Origin origin);
    }

    private final Workspace ws;
    private final Reader reader;
    private final DecisionClaims claims;

    ProposalCatalog(Workspace ws, Reader reader, DecisionClaims claims) {
        this.ws = ws;
        this.reader = reader;
        this.claims = claims;
    }

    /** Every proposal, duplicates marked, and a decided status no decision of the console backs refused. */
    List<Proposal> proposals() {
        return checked(marked(parsed()));
    }

    /** The proposals with each decided status checked against the console's own records ({@link DecisionClaims}). */
    List<Proposal> checked(List<Proposal> all) {
        return claims.checked(all);
    }

    /** Every proposal file as parsed, before duplicates are marked. */
    List<Proposal> parsed() {
        List<Proposal> all = new ArrayList<>();
        for (Path file : ProposalParser.files(ws.skillProposalsDir())) {
            all.add(reader.parse(file, Proposal.Origin.SKILL_PROPOSALS));
        }
        for (Path file : ProposalParser.files(dreamProposals())) {
            all.add(reader.parse(file, Proposal.Origin.DREAM));
        }
        return all;
    }

    /** {@code parsed} with the files in {@code written} read again (a decision was written into them). */
    List<Proposal> reread(List<Proposal> parsed, Set<Path> written) {
        return parsed.stream().map(p -> written.contains(p.file()) ? reader.parse(p.file(), p.origin()) : p).toList();
    }

    /** The proposal read again from its file. */
    Proposal reread(Proposal p) {
        return reader.parse(p.file(), p.origin());
    }

    /**
     * The proposals with every later file of an id marked as a duplicate. Ids are compared as a person reads them
     * ({@link LookAlikeText#folded}: {@code P-Dup}, {@code p-dup} with a zero-width space, {@code р-dup} with a Cyrillic
     * р are {@code p-dup}); the message names both ids and both files.
     */
    static List<Proposal> marked(List<Proposal> parsed) {
        List<Proposal> all = new ArrayList<>(parsed);
        Map<String, Proposal> first = new HashMap<>();
        for (int i = 0; i < all.size(); i++) { // one id, one proposal: a second file with it cannot be decided
            Proposal p = all.get(i);
            Proposal earlier = first.putIfAbsent(LookAlikeText.folded(p.id()), p);
            if (earlier != null && p.valid()) {
                all.set(i, p.withProblem(earlier.id().equals(p.id())
                        ? "duplicate id " + p.id() + ": " + earlier.file().getFileName()
                        + " has it too; give this proposal its own id"
                        : "duplicate id: \"" + LookAlikeText.codes(p.id()) + "\" (" + p.file().getFileName()
                        + ") reads as \"" + LookAlikeText.codes(earlier.id()) + "\" (" + earlier.file().getFileName() + "); give this "
                        + "proposal an id of its own"));
            }
        }
        return all;
    }

    /** The first proposal with this id; refuses, naming both folders, when there is none. */
    Proposal find(List<Proposal> all, String id) {
        return all.stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow(() ->
                new ReviewException("No proposal with id " + PlainText.shown(id) + " in " + ws.skillProposalsDir() + " or "
                        + dreamProposals() + "."));
    }

    private Path dreamProposals() {
        return ws.dreamDir().resolve("proposals");
    }
}
