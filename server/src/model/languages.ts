/**
 * Which workspace files the engine can use, by extension or by exact name, and in which language.
 * The single list shared by the CLI's workspace walker, the engine's extractor and the LSP server,
 * so that what is read is exactly what can be analysed.
 */
import type { Language } from "./facts";

/**
 * A file's language for extraction; "toml" files (pyproject.toml), "gomod" files (go.mod) and
 * "msbuild" files (.csproj) and Dockerfiles only hint at services; "jvm-build" files (pom.xml,
 * build.gradle, gradle.properties, libs.versions.toml) give the versions a JVM build pins.
 */
export type SourceLanguage = Language | "toml" | "gomod" | "msbuild" | "jvm-build" | "dockerfile" | "requirements" | "terraform";

/** extension (lower case, with the dot) → language */
export const SOURCE_EXTENSIONS: Readonly<Record<string, SourceLanguage>> = {
  ".py": "python",
  ".ts": "typescript",
  ".tsx": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".js": "typescript",
  ".jsx": "typescript",
  ".mjs": "typescript",
  ".cjs": "typescript",
  ".cs": "csharp",
  // .NET project files: a project's name and folder (an Aspire AppHost names its projects by them)
  ".csproj": "msbuild",
  ".java": "java",
  ".kt": "kotlin",
  ".kts": "kotlin",
  ".go": "go",
  // gRPC service configs (§3.11), appsettings.json, tsconfig.json paths; content-filtered by the walker
  ".json": "json",
  ".yaml": "yaml",
  ".yml": "yaml",
  // NGINX / HAProxy configuration (reference §4.9, §4.10); other .conf/.cfg files give no facts
  ".conf": "proxy-config",
  ".cfg": "proxy-config",
  // shell scripts: namespaces labelled for Istio injection (`kubectl label namespace … istio-injection=enabled`)
  // Traefik file-provider configuration (pyproject.toml is matched by name); content-filtered by the walker
  ".toml": "toml",
  ".sh": "shell",
  ".bash": "shell",
  // Terraform: the kubectl commands a configuration runs (kubectl-wrapper modules, local-exec)
  ".tf": "terraform",
};

/** exact base names (manifests) → language; checked before extensions */
export const SOURCE_FILE_NAMES: Readonly<Record<string, SourceLanguage>> = {
  "package.json": "json",
  "pyproject.toml": "toml",
  // Python pins (detectors/json/pythonPins.ts): lock files give the installed versions
  "uv.lock": "toml",
  "poetry.lock": "toml",
  Pipfile: "toml",
  "Pipfile.lock": "json",
  "go.mod": "gomod",
  // NuGet central package management: the versions the projects below it reference
  "Directory.Packages.props": "msbuild",
  // the environment an image starts with (ENV), for the NGINX templates it fills
  Dockerfile: "dockerfile",
  // JVM builds: the versions they pin, for defaults that changed across versions (detectors/build/);
  // build.gradle.kts is Kotlin (.kts) and read by the Kotlin extractor
  "pom.xml": "jvm-build",
  "build.gradle": "jvm-build",
  "gradle.properties": "jvm-build",
  "libs.versions.toml": "jvm-build",
};

/** `name.yml.j2`, `name.yaml.jinja2`, `name.toml.j2`: a Jinja template of a YAML or TOML file */
export const JINJA_TEMPLATE = /\.(ya?ml|toml)\.(j2|jinja2?)$/i;

const SPRING_PROPERTIES = /^(application|bootstrap)(-[\w.-]+)?\.properties$/;

/** The language the engine reads `path` as, or null when the engine has no use for the file. */
export function sourceLanguage(path: string): SourceLanguage | null {
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  const base = path.slice(slash + 1);
  const byName = SOURCE_FILE_NAMES[base];
  if (byName) return byName;
  // pip requirements files (requirements.txt, requirements-dev.txt, requirements/base.txt): Python pins
  if (/\.txt$/i.test(base) && (/^(?:[\w.-]*[-_.])?requirements(?:[-_.][\w.-]*)?\.txt$/i.test(base) || /(^|[\\/])requirements[\\/][^\\/]+$/i.test(path))) return "requirements";
  // Spring Boot configuration: application.properties, application-prod.properties, bootstrap.properties
  if (SPRING_PROPERTIES.test(base)) return "properties";
  // NGINX configuration templates (the nginx image fills `${VAR}` in /etc/nginx/templates/*.template)
  if (/\.conf\.template$/i.test(base)) return "proxy-config";
  // manifests kept as templates that a script fills before applying (`sed s/SERVICE_URL/…/
  // gateway.yaml.tmpl | kubectl apply -f -`): YAML with placeholders. Helm's `_helpers.tpl` is no
  // manifest and is not matched (no `.yaml` before the template suffix)
  if (/\.ya?ml\.(tmpl|tpl|template)$/i.test(base)) return "yaml";
  // Jinja templates (Ansible `templates/docker-compose.yml.j2`, `traefik.toml.j2`): read as the
  // file they render to, their template syntax masked first (detectors/yaml/helmRender.ts)
  const jinja = JINJA_TEMPLATE.exec(base);
  if (jinja) return jinja[1]!.toLowerCase() === "toml" ? "toml" : "yaml";
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return null;
  // declaration files and minified bundles hold no retry configuration worth parsing
  if (/\.d\.[cm]?ts$|\.min\.[cm]?js$/i.test(base)) return null;
  return SOURCE_EXTENSIONS[base.slice(dot).toLowerCase()] ?? null;
}

/**
 * Folders holding tests and test helpers: layers there are not production layers (skipped unless
 * includeTests). Besides the test roots, the helper packages real repositories keep beside them:
 * end-to-end and integration suites, test utilities, fixtures, mocks and test data.
 */
export const TEST_FOLDERS: ReadonlySet<string> = new Set([
  "test", "tests", "__tests__", "spec", "specs",
  "e2e", "e2e-tests", "e2e_tests", "integration", "integration-test", "integration-tests", "integration_test", "integration_tests", "it",
  "testing", "testutil", "testutils", "test-utils", "test_utils", "testhelpers", "test-helpers", "test_helpers",
  "fixtures", "__fixtures__", "testdata", "__mocks__", "mocks", "cypress", "playwright",
]);

const TEST_FILE_PATTERNS: readonly RegExp[] = [
  /^test_.*\.py$/,
  /_test\.py$/,
  /^conftest\.py$/,
  // pytest plugins ship as pytest_<name>.py modules
  /^pytest_.*\.py$/,
  /\.test\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/,
  /\.spec\.[^.]+$/,
  /Tests?\.java$/,
  /Tests?\.cs$/,
  /_test\.go$/,
];

/**
 * .NET test projects and their shared helper projects, named in PascalCase by convention:
 * `Tests`, `Booking.UnitTests`, `Ordering.FunctionalTests`, `TestBase`, `Shared.TestUtilities`
 * (a project folder is the project's name; Visual Studio's test templates name them `*.Tests`).
 */
const DOTNET_TEST_PROJECT = /^([A-Za-z0-9_-]+\.)*((Unit|Integration|Functional|EndToEnd|E2E|Acceptance|Component|Contract|Load|Performance|Benchmark)?Tests|Test(Base|Common|Shared|Utilities|Utils|Helpers|Infrastructure|Support|Kit|Fixtures?))$/;

export function isTestFolder(name: string): boolean {
  return TEST_FOLDERS.has(name) || DOTNET_TEST_PROJECT.test(name);
}

export function isTestFile(name: string): boolean {
  return TEST_FILE_PATTERNS.some((re) => re.test(name));
}

/** A workspace-relative path inside a test folder or naming a test file. */
export function isTestPath(path: string): boolean {
  const parts = path.split("/");
  const name = parts.pop() ?? "";
  return isTestFile(name) || parts.some(isTestFolder);
}
