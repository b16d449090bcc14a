#ifndef SHEETLAB_CLUASUPPORT_H
#define SHEETLAB_CLUASUPPORT_H
#include <lua.h>
int sl_support_version(void);
#endif
