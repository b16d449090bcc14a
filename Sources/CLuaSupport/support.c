#include "CLuaSupport.h"
int sl_support_version(void) { return 1; }
