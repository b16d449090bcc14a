-- B34's workaround (VAndrJ/awesome-apple-bugs: wait 0.4 s after onDismiss
-- before presenting again) as a policy: a request made while the reopen
-- window after this modifier's last dismissal is still open is queued, and
-- the engine presents it as the window closes, with its detents.
return {
  request = function(ctx)
    if ctx.reopen_window_left then
      return "queue"
    end
    return nil
  end,
}
