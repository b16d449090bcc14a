import CLua
import CLuaSupport
