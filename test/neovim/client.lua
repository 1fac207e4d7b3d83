-- Neovim 0.7 as an LSP client of the OpenAPI language server: diagnostics, definition, completion,
-- references (across files, once the workspace is indexed) and rename.
-- Writes what it received as JSON to $OPENAPI_OUT, then quits.
local out = { diagnostics = {} }
local client_id = vim.lsp.start_client({
  name = 'openapi',
  cmd = { 'node', vim.env.OPENAPI_SERVER, '--stdio' },
  root_dir = vim.env.OPENAPI_ROOT,
  handlers = {
    ['textDocument/publishDiagnostics'] = function(_, result)
      out.diagnostics[result.uri] = result.diagnostics
    end,
  },
})
vim.cmd('edit ' .. vim.env.OPENAPI_FILE)
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)
local uri = vim.uri_from_bufnr(bufnr)
out.uri = uri
vim.wait(15000, function()
  return out.diagnostics[uri] ~= nil and #out.diagnostics[uri] > 0
end, 50)

local function request(method, line, character, extra)
  local params = { textDocument = { uri = uri }, position = { line = line, character = character } }
  for key, value in pairs(extra or {}) do
    params[key] = value
  end
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 10000) or {}
  local response = responses[client_id] or {}
  return response.result
end
out.definition = request('textDocument/definition', tonumber(vim.env.DEF_LINE), tonumber(vim.env.DEF_CHAR))
out.completion = request('textDocument/completion', tonumber(vim.env.COMP_LINE), tonumber(vim.env.COMP_CHAR))
-- The other file is indexed in the background: ask until its declaration is known.
vim.wait(15000, function()
  out.references = request('textDocument/references', tonumber(vim.env.REF_LINE), tonumber(vim.env.REF_CHAR), { context = { includeDeclaration = true } })
  return out.references ~= nil and #out.references >= 2
end, 200)
out.rename = request('textDocument/rename', tonumber(vim.env.REN_LINE), tonumber(vim.env.REN_CHAR), { newName = 'pageSize' })
vim.fn.writefile({ vim.fn.json_encode(out) }, vim.env.OPENAPI_OUT)
vim.lsp.stop_client(client_id)
vim.cmd('qa!')
