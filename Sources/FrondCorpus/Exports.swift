@_exported import FrondTrees
