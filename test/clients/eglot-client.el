;;; eglot-client.el --- drive the Retry Lens language server from a real Emacs + eglot  -*- lexical-binding: t -*-
;; Emacs 28 in batch mode with Debian's elpa-eglot 1.9 (adapted from
;; the shared recipes' eglot-client.el).  test/clients/emacs.test.ts runs it:
;;   LSP_SERVER=dist/server.js LSP_ROOT=<workspace> LSP_FILE=<workspace>/checkout/inventory_client.py \
;;     emacs --batch -l test/clients/eglot-client.el
;; Prints, one per line:
;;   DIAG <line> [<code>] <message>   every diagnostic published for the visited file (1-based line)
;;   FLYMAKE <line> <text>            what eglot handed to Flymake for the RL001 line
;;   HOVERFORMAT …                    what eglot asked for and what kind of markup came back
;;   HOVER <text on one line>         eglot's rendering of textDocument/hover at the RL001 diagnostic
;;   LENS <title>                     textDocument/codeLens (eglot 1.9 has no code lens UI: raw request)
;;   ACTION <title>                   eglot-code-actions on the RL001 diagnostic's range
;; then exits 0.  Waits on messages from the server, never on fixed sleeps; on a timeout or an
;; error it prints TIMEOUT/ERROR and exits 1.

(require 'package)
(package-initialize)
(require 'eglot)
(require 'project)
(require 'subr-x)

(defvar rl-wait (string-to-number (or (getenv "LSP_WAIT_S") "30")))
(defvar rl-root (file-name-as-directory (expand-file-name (getenv "LSP_ROOT"))))
(defvar rl-file (expand-file-name (getenv "LSP_FILE")))
(defvar rl-diags nil "The last Diagnostic[] (a vector of plists) published for `rl-file'.")
(defvar rl-other-files 0)

(defun rl-out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))
(defun rl-one-line (s) (replace-regexp-in-string "\r?\n" " ⏎ " (format "%s" s)))
(defun rl-fail (kind what)
  (rl-out "%s %s" kind (rl-one-line what))
  (kill-emacs 1))

;; The workspace is a plain folder (no VCS): tell project.el where it is instead of prompting.
(add-hook 'project-find-functions (lambda (_dir) (cons 'transient rl-root)))
(add-to-list 'eglot-server-programs
             `(python-mode . ("node" ,(expand-file-name (getenv "LSP_SERVER")) "--stdio")))
;; no yes/no questions in batch mode
(setq eglot-autoreconnect nil eglot-sync-connect t)

(advice-add 'eglot-handle-notification :before
  (lambda (_server method &rest params)
    (when (eq method 'textDocument/publishDiagnostics)
      (if (equal (file-truename (eglot--uri-to-path (plist-get params :uri))) (file-truename rl-file))
          (setq rl-diags (plist-get params :diagnostics))
        (setq rl-other-files (1+ rl-other-files))))))

(defun rl-wait-for (pred)
  "Process server output until PRED holds; nil after `rl-wait' seconds."
  (let ((deadline (+ (float-time) rl-wait)) value)
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun rl-rl001 ()
  (seq-find (lambda (d) (equal (plist-get d :code) "RL001")) rl-diags))

(defun rl-main ()
  (find-file rl-file)
  (apply #'eglot (eglot--guess-contact))
  (unless (rl-wait-for #'rl-rl001)
    (rl-fail "TIMEOUT" (format "no RL001 for %s within %ss (diagnostics for %d other files; %s for the buffer)"
                               rl-file rl-wait rl-other-files (if rl-diags (length rl-diags) "none"))))
  (rl-out "OTHERFILES %d" rl-other-files)
  (seq-doseq (d rl-diags)
    (rl-out "DIAG %d [%s] %s" (1+ (plist-get (plist-get (plist-get d :range) :start) :line))
            (plist-get d :code) (rl-one-line (plist-get d :message))))
  (let* ((server (eglot-current-server))
         (target (rl-rl001))
         (start (plist-get (plist-get target :range) :start))
         (doc (eglot--TextDocumentIdentifier))
         (beg (eglot--lsp-position-to-point start))
         (end (eglot--lsp-position-to-point (plist-get (plist-get target :range) :end))))
    ;; Flymake gets eglot's diagnostics once it has started checking (on its own timers).
    (let ((flymake (rl-wait-for (lambda ()
                                  (seq-filter (lambda (fd) (string-match-p "RL001" (flymake-diagnostic-text fd)))
                                              (flymake-diagnostics beg end))))))
      (dolist (fd flymake)
        (rl-out "FLYMAKE %d %s" (line-number-at-pos (flymake-diagnostic-beg fd))
                (rl-one-line (flymake-diagnostic-text fd)))))
    (let ((hover (jsonrpc-request server :textDocument/hover (list :textDocument doc :position start))))
      ;; eglot asks for markdown only when markdown-mode (gfm-view-mode) is installed
      (rl-out "HOVERFORMAT client accepts %s, server sent %s"
              (if (fboundp 'gfm-view-mode) "markdown+plaintext" "plaintext")
              (plist-get (plist-get hover :contents) :kind))
      (rl-out "HOVER %s" (rl-one-line (eglot--hover-info (plist-get hover :contents)))))
    (seq-doseq (lens (jsonrpc-request server :textDocument/codeLens (list :textDocument doc)))
      (rl-out "LENS %s" (plist-get (plist-get lens :command) :title)))
    (dolist (action (eglot-code-actions beg end))
      (rl-out "ACTION %s" (plist-get action :title)))
    (eglot-shutdown server))
  (kill-emacs 0))

(condition-case err
    (rl-main)
  (error (rl-fail "ERROR" (error-message-string err))))
