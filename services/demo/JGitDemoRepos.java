package services.demo;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.jgit.api.Git;
import services.audit.DecisionLog;
import services.review.ChangePlanner;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;

/**
 * Makes the demo's skills repo and behaviour repo real git repositories (the behaviour repo with a dirty working
 * tree on its default branch, as a real user's has), and writes the review queue: proposals pending, approved and
 * rejected; additive and structural; stale (one merges cleanly, one conflicts); a new skill; a target that escapes
 * its repo; malformed files.
 */
final class JGitDemoRepos {

    private static final PersonIdent JOEL = new PersonIdent("Joel Hooks", "joel@example.com");

    private final Path skillsRepo;
    private final Path behaviourRepo;
    private final Path skillProposals;
    private final Path dreamProposals;
    /** The decisions the demo's decided proposals record (a proposal file's status alone decides nothing). */
    private final DecisionLog decisions;

    JGitDemoRepos(Path skillsRepo, Path behaviourRepo, Path skillProposals, Path dreamProposals, Path decisions) {
        this.skillsRepo = skillsRepo;
        this.behaviourRepo = behaviourRepo;
        this.skillProposals = skillProposals;
        this.dreamProposals = dreamProposals;
        this.decisions = new DecisionLog(decisions);
    }

    int write() throws IOException {
        try (Git skills = Git.init().setDirectory(skillsRepo.toFile()).setInitialBranch("main").call();
             Git behaviour = Git.init().setDirectory(behaviourRepo.toFile()).setInitialBranch("main").call()) {
            commitAll(skills, "Initial skills");
            String typesenseV1 = read(skillsRepo, "skills/typesense-recall/SKILL.md");
            String gatewayV1 = read(skillsRepo, "skills/gateway-ops/SKILL.md");
            // The skills move on after two proposals were written: one will merge cleanly, one will conflict.
            DemoWorkspace.write(skillsRepo.resolve("skills/typesense-recall/SKILL.md"),
                    typesenseV1.replace("## When to use\n", "## When to use\n\n- Before any story is dispatched.\n"));
            DemoWorkspace.write(skillsRepo.resolve("skills/gateway-ops/SKILL.md"),
                    gatewayV1.replace("- Never commit secrets.", "- Never commit secrets or tokens to the repo."));
            commitAll(skills, "Tighten typesense-recall and gateway-ops");

            DemoWorkspace.write(behaviourRepo.resolve("SOUL.md"), SOUL);
            DemoWorkspace.write(behaviourRepo.resolve("AGENTS.md"), "# Agents\n\n- pi: coding agent\n- gateway: dispatch\n");
            DemoWorkspace.write(behaviourRepo.resolve("workspace/memory/MEMORY.md"), "# Memory\n\n- Joel prefers small PRs.\n");
            commitAll(behaviour, "Behaviour files");
            // The user's own uncommitted work: the console must leave it byte-identical.
            DemoWorkspace.write(behaviourRepo.resolve("SOUL.md"), SOUL + "\n<!-- draft: tone for release notes -->\n");
            DemoWorkspace.write(behaviourRepo.resolve("scratch.txt"), "untracked notes\n");

            return writeProposals(typesenseV1, gatewayV1);
        } catch (GitAPIException e) {
            throw new IOException("git failed while writing the demo repositories: " + e.getMessage(), e);
        }
    }

    private int writeProposals(String typesenseV1, String gatewayV1) throws IOException {
        String nanny = read(skillsRepo, "skills/loop-nanny/SKILL.md");
        proposal(skillProposals, "sp-2026-11-18-loop-nanny-01", "skill_update", "additive_drift", "low", "skills",
                "skills/loop-nanny/SKILL.md", blob(nanny), "retro:loop-mvyno2m2-0daisz", "pending",
                "Three loops stalled on a dev server that kept its port; the nanny should say how to spot it.",
                patch("skills/loop-nanny/SKILL.md", nanny, nanny.replace("## Gotchas\n\n",
                        "## Gotchas\n\n- A stalled story often holds a dev server's port: check with `lsof -i` before restarting.\n")),
                null);
        String agentLoop = read(skillsRepo, "skills/agent-loop/SKILL.md");
        proposal(skillProposals, "sp-2026-11-19-agent-loop-02", "skill_update", "structural_drift", "medium", "skills",
                "skills/agent-loop/SKILL.md", blob(agentLoop), "retro:loop-mw1gch0a-tr6507", "pending",
                "Loops that split large stories first finished twice as often. Make splitting a step of its own.",
                patch("skills/agent-loop/SKILL.md", agentLoop, agentLoop.replace(
                        "1. Read the relevant ADRs and lessons.\n2. Do the work in small, verifiable steps.\n",
                        "1. Read the relevant ADRs and lessons.\n2. Split any story that touches more than five files.\n"
                                + "3. Do the work in small, verifiable steps, one commit each.\n").replace(
                        "3. Record what you learned as a turn note.", "4. Record what you learned as a turn note.")),
                null);
        proposal(skillProposals, "sp-2026-11-15-typesense-recall-03", "skill_update", "additive_drift", "low", "skills",
                "skills/typesense-recall/SKILL.md", blob(typesenseV1), "retro:loop-mw9udo6y-kfnzzf", "pending",
                "Filter values with spaces broke a query again. Written before the skill was tightened: it merges cleanly.",
                patch("skills/typesense-recall/SKILL.md", typesenseV1, typesenseV1.replace("## Gotchas\n\n",
                        "## Gotchas\n\n- Wrap filter values in backticks: `project:=`my app``.\n")), null);
        proposal(skillProposals, "sp-2026-11-14-gateway-ops-04", "skill_update", "additive_drift", "low", "skills",
                "skills/gateway-ops/SKILL.md", blob(gatewayV1), "retro:loop-mwcn22l6-h1md1x", "pending",
                "Written before the same line was changed by hand: this one conflicts.",
                patch("skills/gateway-ops/SKILL.md", gatewayV1, gatewayV1.replace("- Never commit secrets.",
                        "- Never commit secrets; lease them for the task.")), null);
        proposal(skillProposals, "sp-2026-11-10-vault-notes-05", "skill_update", "additive_drift", "low", "skills",
                "skills/vault-notes/SKILL.md", "0000000000000000000000000000000000000000", "retro:loop-mvyno2m2-0daisz",
                "approved", "Approved last week.", null, "# Vault Notes\n");
        proposal(skillProposals, "sp-2026-11-11-k8s-cluster-06", "skill_update", "structural_drift", "high", "skills",
                "skills/k8s-cluster/SKILL.md", "0000000000000000000000000000000000000000", "retro:loop-mw71ovpz-i8b5v1",
                "rejected", "Rewrite the skill around Helm.", null, "# K8s Cluster\n\nUse Helm for everything.\n");

        proposal(dreamProposals, "dream-2026-11-20-01", "PROPOSE_SKILL", null, "low", "skills",
                "skills/retro-reader/SKILL.md", "none", "dream:2026-11-20", "pending",
                "Agents keep re-reading retros by hand. A skill that finds the retro of a loop and its lessons.", null,
                "---\nname: retro-reader\ndescription: Find a loop's retrospective and its lessons before retrying it.\n"
                        + "---\n\n# Retro Reader\n\n```bash\nbrain-console search \"loop-…\" --type retro\n```\n");
        String soul = SOUL;
        proposal(dreamProposals, "dream-2026-11-20-02", "AMEND_SOUL", null, "medium", "behaviour", "SOUL.md", blob(soul),
                "dream:2026-11-20", "pending", "Sessions this week show pushback was welcome when it named a risk.",
                patch("SOUL.md", soul, soul.replace("- Be direct.\n", "- Be direct.\n- Push back when a plan has a "
                        + "risk nobody named, and name it.\n")), null);
        proposal(dreamProposals, "dream-2026-11-20-03", "PROPOSE_RULE", null, "medium", "behaviour",
                "rules/exact-ids.md", "none", "dream:2026-11-20", "pending",
                "A fuzzy delete removed unrelated failed targets.", null,
                "# Delete by exact id\n\nNever delete documents found by a fuzzy search; delete by exact id only.\n");
        proposal(dreamProposals, "dream-2026-11-20-04", "AMEND_SKILL", null, "medium", "skills", "../../etc/passwd",
                "none", "dream:2026-11-20", "pending", "A target that escapes its repository (refused).", null,
                "root::0:0::/root:/bin/sh\n");
        DemoWorkspace.write(dreamProposals.resolve("dream-2026-11-20-05.md"),
                "This proposal lost its frontmatter: it is listed as invalid, not hidden.\n");
        DemoWorkspace.write(dreamProposals.resolve("dream-2026-11-20-06.md"),
                "---\nid: dream-2026-11-20-06\nkind: REWRITE_EVERYTHING\ntarget: SOUL.md\n---\n## Rationale\n\nUnknown kind.\n");
        return 12;
    }

    private void proposal(Path dir, String id, String kind, String drift, String risk, String repo, String target,
                          String base, String source, String status, String rationale, String patch,
                          String proposed) throws IOException {
        StringBuilder out = new StringBuilder("---\nid: ").append(id).append("\nkind: ").append(kind).append('\n');
        if (drift != null) {
            out.append("drift: ").append(drift).append('\n');
        }
        out.append("risk: ").append(risk).append("\nrepo: ").append(repo).append("\ntarget: ").append(target)
                .append("\nbase: \"").append(base).append("\"\nconfidence: 0.8\nevidence:\n");
        if (source.startsWith("retro:")) {
            String loop = source.substring(6);
            out.append("  - ").append(loop).append("\n  - vault:system/retrospectives/").append(loop).append(".md\n");
        } else {
            out.append("  - session:2026-11-19-gw-7f3a\n  - otel:9b2e4c1a-5d6f-4e8a-b0c2-7e1f3a9d2b44\n");
        }
        out.append("source: ").append(source)
                .append("\ncreated: 2026-11-20T03:00:00Z\nstatus: ").append(status).append('\n');
        if (!"pending".equals(status)) {
            out.append("decided_by: joel\ndecided_at: 2026-11-21T09:00:00Z\n");
            if ("rejected".equals(status)) {
                out.append("reason: \"Helm is out of scope for the home cluster.\"\n");
            }
            var line = DecisionLog.entry().put("ts", "2026-11-21T09:00:00Z").put("by", "joel")
                    .put("action", "approved".equals(status) ? "approve" : "reject").put("proposal", id).put("kind", kind)
                    .put("risk", risk).put("target", target).put("repo", repo).put("status", status);
            decisions.append("rejected".equals(status) ? line.put("reason", "Helm is out of scope for the home cluster.")
                    : line);
        }
        out.append("---\n\n## Rationale\n\n").append(rationale).append("\n\n");
        if (patch != null) {
            out.append("## Patch\n\n```diff\n").append(patch).append("```\n");
        } else {
            out.append("## Proposed\n\n````markdown\n").append(proposed).append("````\n");
        }
        DemoWorkspace.write(dir.resolve(id + ".md"), out.toString());
    }

    static String patch(String target, String before, String after) {
        List<String> a = ChangePlanner.lines(before);
        List<String> b = ChangePlanner.lines(after);
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff("a/" + target, "b/" + target, a, DiffUtils.diff(a, b), 3);
        return String.join("\n", diff) + "\n";
    }

    static String blob(String content) {
        try (ObjectInserter.Formatter f = new ObjectInserter.Formatter()) {
            return f.idFor(Constants.OBJ_BLOB, content.getBytes(StandardCharsets.UTF_8)).name();
        }
    }

    private static String read(Path repo, String path) throws IOException {
        return Files.readString(repo.resolve(path));
    }

    private static void commitAll(Git git, String message) throws GitAPIException {
        git.add().addFilepattern(".").call();
        git.commit().setMessage(message).setAuthor(JOEL).setCommitter(JOEL).setSign(false).call();
    }

    private static final String SOUL = """
            # SOUL

            ## How I work

            - Be direct.
            - Prefer small, reversible changes.
            - Say what I do not know.

            ## What I never do

            - Push to main.
            - Store a secret in a file.
            """;
}
