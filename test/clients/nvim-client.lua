-- Drives the Retry Lens language server from a real headless Neovim 0.7.2 (Debian bookworm's
-- package; adapted from the shared recipes' nvim-lsp-client.lua). test/clients/nvim.test.ts runs it:
--   LSP_SERVER=dist/server.js LSP_ROOT=<workspace> LSP_FILE=<workspace>/checkout/inventory_client.py \
--     nvim --headless --clean -n -c 'luafile test/clients/nvim-client.lua'
-- Prints, one per line:
--   DIAG <line> [<code>] <message>    every diagnostic of the opened buffer (1-based line)
--   HOVER <markdown on one line>      textDocument/hover at the RL001 diagnostic
--   LENS <title>                      textDocument/codeLens of the buffer
--   ACTION <title>                    textDocument/codeAction for the RL001 diagnostic
-- then exits 0. Waits on messages from the server (vim.wait), never on fixed sleeps. On a timeout
-- or an error it prints TIMEOUT/ERROR and exits non-zero (:cq).
local WAIT_MS = tonumber(vim.env.LSP_WAIT_MS or '') or 30000
local REQUEST_MS = 10000

local function log(s) io.stdout:write(s .. '\n') end
local function one_line(s) return (tostring(s):gsub('\r?\n', ' ⏎ ')) end
local function fail(kind, what)
  log(kind .. ' ' .. one_line(what))
  io.stdout:flush()
  vim.cmd('cq')
end

local function same_file(a, b)
  if a == b then return true end
  local ra, rb = vim.loop.fs_realpath(a), vim.loop.fs_realpath(b)
  return ra ~= nil and ra == rb
end

local function main()
  assert(vim.env.LSP_SERVER and vim.env.LSP_ROOT and vim.env.LSP_FILE, 'set LSP_SERVER, LSP_ROOT and LSP_FILE')
  local file = vim.fn.fnamemodify(vim.env.LSP_FILE, ':p')

  -- Keep the editor's own handler (it fills vim.diagnostic), and note what arrives for our buffer.
  -- The server indexes the whole workspace and may publish other files first.
  local buffer_diags = nil -- the last LSP Diagnostic[] published for the buffer's file
  local other_files = 0
  local default = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    default(err, result, ctx, config)
    if result and same_file(vim.uri_to_fname(result.uri), file) then
      buffer_diags = result.diagnostics
    else
      other_files = other_files + 1
    end
  end

  local id = vim.lsp.start_client({
    name = 'retry-lens',
    cmd = { 'node', vim.env.LSP_SERVER, '--stdio' },
    root_dir = vim.env.LSP_ROOT,
  })
  if not id then return fail('ERROR', 'vim.lsp.start_client failed') end
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, id)

  local function rl001()
    for _, d in ipairs(buffer_diags or {}) do
      if d.code == 'RL001' then return d end
    end
  end
  if not vim.wait(WAIT_MS, function() return rl001() ~= nil end, 20) then
    return fail('TIMEOUT', string.format('no RL001 for %s within %d ms (diagnostics for %d other files; %d for the buffer)',
      file, WAIT_MS, other_files, buffer_diags and #buffer_diags or -1))
  end
  log('OTHERFILES ' .. other_files)
  for _, d in ipairs(buffer_diags) do
    log(string.format('DIAG %d [%s] %s', d.range.start.line + 1, tostring(d.code), one_line(d.message)))
  end

  local client = vim.lsp.get_client_by_id(id)
  local uri = vim.uri_from_bufnr(bufnr)
  local target = rl001()
  local function request(method, params)
    local resp, why = client.request_sync(method, params, REQUEST_MS, bufnr)
    if not resp then error(method .. ': no answer (' .. tostring(why) .. ')') end
    if resp.err then error(method .. ': ' .. vim.inspect(resp.err)) end
    return resp.result
  end

  local hover = request('textDocument/hover', { textDocument = { uri = uri }, position = target.range.start })
  local contents = hover and hover.contents
  local text = type(contents) == 'table' and (contents.value or table.concat(vim.tbl_map(function(c)
    return type(c) == 'table' and c.value or tostring(c)
  end, contents), '\n')) or tostring(contents)
  log('HOVER ' .. one_line(text))
  -- What Neovim itself would show in the hover float (its markdown conversion).
  local shown = vim.lsp.util.convert_input_to_markdown_lines(contents or '')
  log('HOVERLINES ' .. #vim.lsp.util.trim_empty_lines(shown))

  for _, lens in ipairs(request('textDocument/codeLens', { textDocument = { uri = uri } }) or {}) do
    log(string.format('LENS %s', lens.command and lens.command.title or '<unresolved>'))
  end

  -- The diagnostics Neovim would send from this line (as vim.lsp.buf.code_action() does),
  -- narrowed to the RL001 one: converted back from vim.diagnostic, not the raw notification.
  local line_diags = vim.tbl_filter(function(d) return d.code == 'RL001' end,
    vim.lsp.diagnostic.get_line_diagnostics(bufnr, target.range.start.line, {}, id))
  if #line_diags == 0 then error('vim.diagnostic has no RL001 on line ' .. (target.range.start.line + 1)) end
  local actions = request('textDocument/codeAction', {
    textDocument = { uri = uri },
    range = target.range,
    context = { diagnostics = line_diags },
  })
  for _, action in ipairs(actions or {}) do
    log('ACTION ' .. action.title)
  end

  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 20)
  io.stdout:flush()
  vim.cmd('qa!')
end

local ok, err = pcall(main)
if not ok then fail('ERROR', err) end
