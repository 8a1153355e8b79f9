// The calling thread's last-error message, read through ckey_last_error().
#pragma once

namespace ckey {

void set_last_error(const char *message);
void clear_last_error();

}  // namespace ckey
