// An async boundary before anything shared is used (design §11: no eager shared modules).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
