/** The latest model from the server, shared by the views and the status bar; one refresh per notification. */
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { ModelChangedNotification, ModelRequest, type RetryModelView } from "../../server/src/protocol";

export const EMPTY_MODEL: RetryModelView = { version: -1, threshold: 3, worstProduct: 1, layers: [], paths: [], edges: [], findings: 0, indexing: true };

export class ModelStore implements vscode.Disposable {
  private current: RetryModelView = EMPTY_MODEL;
  private readonly changed = new vscode.EventEmitter<RetryModelView>();
  readonly onDidChange = this.changed.event;
  private readonly firstModel: Promise<void>;
  private resolveFirst!: () => void;
  private disposables: vscode.Disposable[] = [];

  constructor(private readonly client: LanguageClient) {
    this.firstModel = new Promise((resolve) => (this.resolveFirst = resolve));
    this.disposables.push(client.onNotification(ModelChangedNotification, () => void this.refresh()));
  }

  /** resolves once the server has finished its first analysis and the model has been fetched */
  get ready(): Promise<void> {
    return this.firstModel;
  }

  get model(): RetryModelView {
    return this.current;
  }

  async refresh(): Promise<void> {
    try {
      this.current = await this.client.sendRequest(ModelRequest);
      this.changed.fire(this.current);
      if (!this.current.indexing) this.resolveFirst();
    } catch {
      // the server is restarting; the next notification refreshes
    }
  }

  dispose(): void {
    this.changed.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

export function productLabel(product: number | null): string {
  return product === null ? "∞" : `${product}×`;
}

export function overThreshold(model: RetryModelView): boolean {
  return model.worstProduct === null || model.worstProduct > model.threshold;
}
