/**
 * Command-line parsing for `retrylens` (no dependency). Errors are UsageErrors: exit code 2.
 */
import type { Severity } from "../model/model";

export type Format = "text" | "json" | "sarif";
export type FailOn = Severity | "none";

export interface ScanArgs {
  command: "scan";
  /** folder to scan as given (resolved against cwd by the caller); null = cwd */
  dir: string | null;
  format: Format;
  failOn: FailOn;
  /** overrides the config's threshold */
  threshold: number | null;
  /** true overrides the config's includeTests */
  includeTests: boolean;
  /** show at most N paths in the text report; 0 = all */
  top: number;
  /** true/false forced by --color/--no-color; null = decide from the terminal */
  color: boolean | null;
  verbose: boolean;
  /** write the report to this file instead of stdout */
  output: string | null;
  /** extraction workers (--jobs); null = RETRYLENS_JOBS or one per core */
  jobs: number | null;
  /** time budget per file in seconds (--file-timeout); null = the default (10 s) */
  fileTimeout: number | null;
  /** heap budget per extraction worker in MB (--worker-memory); null = the default */
  workerMemory: number | null;
  /** persistent facts cache: false = off, true = the default folder inside the scanned folder, a string = that folder */
  cache: boolean | string;
}

export interface FixArgs {
  command: "fix";
  dir: string | null;
  /** also apply fixes that change behaviour */
  unsafe: boolean;
  /** print a diff, write nothing */
  dryRun: boolean;
  threshold: number | null;
  includeTests: boolean;
  color: boolean | null;
  verbose: boolean;
}

export type ParsedArgs = { command: "help" } | { command: "version" } | ScanArgs | FixArgs;

export class UsageError extends Error {
  override name = "UsageError";
}

export const USAGE = `retrylens — finds retry layers, links them along call paths and multiplies their attempts

Usage:
  retrylens scan [dir] [options]   analyse a folder (default: the current folder)
  retrylens fix [dir] [options]    apply the safe quick fixes to a folder's files
  retrylens --help                 show this help
  retrylens --version              show the version

Options for scan:
  -f, --format text|json|sarif     output format (default: text)
      --fail-on error|warning|info|hint|none
                                   exit 1 when a finding is at or above this severity
                                   (default: warning)
      --threshold N                a path whose product exceeds N is reported (RL001);
                                   overrides .retrylens.yaml (default: 3)
      --include-tests              also analyse test folders and test files
      --top N                      show at most N paths in the text report (default: 10; 0 = all)
      --color, --no-color          force or disable colours (default: on a terminal, unless NO_COLOR)
  -v, --verbose                    list layers, related places, skipped files and problems
  -o, --output FILE                write the report to FILE instead of stdout
      --cache[=DIR]                keep extracted facts between scans: in DIR, or by default in
                                   .retrylens_cache/ inside the scanned folder; a rescan parses
                                   only changed files
      --no-cache                   do not read or write the facts cache (default)
  -j, --jobs N                     extraction worker threads (default: RETRYLENS_JOBS, else one
                                   per core); small folders are extracted on one thread
      --file-timeout S             skip a file whose extraction takes longer than S seconds
                                   (default: 10); it is reported as a problem
      --worker-memory MB           heap limit of each extraction worker (default: 1024); a file
                                   that exhausts it is skipped and reported as a problem

Options for fix (and --threshold, --include-tests, --color, --verbose as for scan):
      --unsafe                     also apply fixes that change behaviour (one retry owner per
                                   path, stop conditions, retry budgets)
      --dry-run                    print the changes as a unified diff and write nothing

Settings are read from .retrylens.yaml at the root of the scanned folder.
Exit status: 0 no finding at or above --fail-on, 1 some finding is, 2 usage or internal error.
`;

const FORMATS: readonly Format[] = ["text", "json", "sarif"];
const FAIL_ON: readonly FailOn[] = ["error", "warning", "info", "hint", "none"];

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const v = value.toLowerCase() as T;
  if (!allowed.includes(v)) throw new UsageError(`${option} must be one of ${allowed.join(", ")} (got "${value}")`);
  return v;
}

function numberArg(option: string, value: string, min: number, integer: boolean): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${option} needs ${integer ? "a whole number" : "a number"} ≥ ${min} (got "${value}")`);
  }
  return n;
}

function badValue(option: string): never {
  throw new UsageError(`${option}= needs a folder (or write ${option} alone for the default)`);
}

/** Parses argv (without node and the script). Throws UsageError. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const scan: ScanArgs = {
    command: "scan",
    dir: null,
    format: "text",
    failOn: "warning",
    threshold: null,
    includeTests: false,
    top: 10,
    color: null,
    verbose: false,
    output: null,
    jobs: null,
    fileTimeout: null,
    workerMemory: null,
    cache: false,
  };
  let command: string | null = null;
  let unsafe = false;
  let dryRun = false;
  let help = false;
  let version = false;
  let onlyPositionals = false;

  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i];
    if (!onlyPositionals && raw === "--") {
      onlyPositionals = true;
      continue;
    }
    if (onlyPositionals || !raw.startsWith("-") || raw === "-") {
      if (command === null) {
        if (raw === "help") help = true;
        else if (raw !== "scan" && raw !== "fix") throw new UsageError(`unknown command "${raw}" (the commands are scan and fix)`);
        command = raw;
      } else if ((command === "scan" || command === "fix") && scan.dir === null) {
        scan.dir = raw;
      } else {
        throw new UsageError(`unexpected argument "${raw}" (${command ?? "scan"} takes one folder)`);
      }
      continue;
    }

    const eq = raw.startsWith("--") ? raw.indexOf("=") : -1;
    const name = eq > 0 ? raw.slice(0, eq) : raw;
    const inline = eq > 0 ? raw.slice(eq + 1) : null;
    const value = (): string => {
      if (inline !== null) return inline;
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith("-") && next !== "-")) throw new UsageError(`${name} needs a value`);
      i++;
      return next;
    };
    const flag = () => {
      if (inline !== null) throw new UsageError(`${name} takes no value`);
    };

    switch (name) {
      case "-h":
      case "--help":
        flag();
        help = true;
        break;
      case "-V":
      case "--version":
        flag();
        version = true;
        break;
      case "-f":
      case "--format":
        scan.format = oneOf(name, value(), FORMATS);
        break;
      case "--fail-on":
        scan.failOn = oneOf(name, value(), FAIL_ON);
        break;
      case "--threshold":
        scan.threshold = numberArg(name, value(), 1, false);
        break;
      case "--top":
        scan.top = numberArg(name, value(), 0, true);
        break;
      case "--include-tests":
        flag();
        scan.includeTests = true;
        break;
      case "--color":
        flag();
        scan.color = true;
        break;
      case "--no-color":
        flag();
        scan.color = false;
        break;
      case "-v":
      case "--verbose":
        flag();
        scan.verbose = true;
        break;
      case "-o":
      case "--output":
        scan.output = value();
        break;
      case "--cache":
        scan.cache = inline === null ? true : inline === "" ? badValue(name) : inline;
        break;
      case "--no-cache":
        flag();
        scan.cache = false;
        break;
      case "-j":
      case "--jobs":
        scan.jobs = numberArg(name, value(), 1, true);
        break;
      case "--file-timeout":
        scan.fileTimeout = numberArg(name, value(), 0.001, false);
        break;
      case "--worker-memory":
        scan.workerMemory = numberArg(name, value(), 16, true);
        break;
      case "--unsafe":
        flag();
        unsafe = true;
        break;
      case "--dry-run":
        flag();
        dryRun = true;
        break;
      default:
        throw new UsageError(`unknown option ${name}`);
    }
  }

  if (help) return { command: "help" };
  if (version) return { command: "version" };
  if (command === null) return { command: "help" };
  if (command === "fix") {
    return { command: "fix", dir: scan.dir, unsafe, dryRun, threshold: scan.threshold, includeTests: scan.includeTests, color: scan.color, verbose: scan.verbose };
  }
  if (unsafe || dryRun) throw new UsageError(`${unsafe ? "--unsafe" : "--dry-run"} goes with the fix command`);
  return scan;
}
