// django-storages' S3 backend (docs/reference/django-storages.md): S3Boto3Storage builds its own boto3
// S3 resource with a Config that sets no retries (django-storages 1.12.2 storages/backends/s3boto3.py),
// so botocore's legacy default applies: 5 attempts (retry-semantics.md §1.6).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const layers = async (text: string, path = "proj/storage.py") =>
  (await py(text, path)).layers.map((l) => `${l.kind}@${l.anchor.line} ×${l.maxAttempts ?? "∞"} ${l.attemptsSource}`);

describe("django-storages S3 storages are an implicit boto3 layer", () => {
  const cases: Array<[string, string, string[]]> = [
    ["a subclass of S3Boto3Storage: legacy default 5 on its class line", "from storages.backends.s3boto3 import S3Boto3Storage\n\n\nclass Media(S3Boto3Storage):\n    location = 'media'\n", ["aws-sdk@4 ×5 default"]],
    ["a subclass of 1.14's S3Storage", "from storages.backends.s3 import S3Storage\nclass Media(S3Storage):\n    pass\n", ["aws-sdk@2 ×5 default"]],
    ["config = Config(retries=…) on the class (1.12)", "from botocore.config import Config\nfrom storages.backends.s3boto3 import S3Boto3Storage\nclass Media(S3Boto3Storage):\n    config = Config(retries={'max_attempts': 2})\n", ["aws-sdk@3 ×3 config"]],
    ["client_config in standard mode (1.14+)", "from botocore.config import Config\nfrom storages.backends.s3 import S3Storage\nclass Media(S3Storage):\n    client_config = Config(retries={'mode': 'standard'})\n", ["aws-sdk@3 ×3 config"]],
    ["DEFAULT_FILE_STORAGE naming the library class", "DEFAULT_FILE_STORAGE = 'storages.backends.s3boto3.S3Boto3Storage'\n", ["aws-sdk@1 ×5 default"]],
    ["STORAGES BACKEND, AWS_S3_CLIENT_CONFIG in the same settings", "from botocore.config import Config\nAWS_S3_CLIENT_CONFIG = Config(retries={'total_max_attempts': 2})\nSTORAGES = {\n    'default': {'BACKEND': 'storages.backends.s3.S3Storage'},\n    'staticfiles': {'BACKEND': 'django.contrib.staticfiles.storage.StaticFilesStorage'},\n}\n", ["aws-sdk@4 ×2 config"]],
  ];
  for (const [name, text, want] of cases) test(name, async () => assert.deepEqual(await layers(text), want));

  test("near misses: a project subclass path in settings (its layer is on the class), other storages", async () => {
    assert.deepEqual(await layers("DEFAULT_FILE_STORAGE = 'proj.storage.Media'\nSTATICFILES_STORAGE = 'storages.backends.gcloud.GoogleCloudStorage'\n", "proj/settings.py"), []);
    assert.deepEqual(await layers("from django.core.files.storage import FileSystemStorage\nclass Local(FileSystemStorage):\n    pass\n"), []);
  });
});
